import type { ReactNode } from 'react';

const handset = 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z';

/** Our own small line icons (24 x 24, stroked), keyed by the catalogue's icon names. */
const shapes: Record<string, ReactNode> = {
  smartphone: (
    <>
      <rect x="7" y="2" width="10" height="20" rx="2" />
      <path d="M11 18h2" />
    </>
  ),
  'satellite-dish': (
    <>
      <path d="M4 10a10 10 0 0 0 10 10L4 10z" />
      <path d="M9 15l6-6" />
      <circle cx="16" cy="8" r="2" />
    </>
  ),
  tv: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M8 2l4 4 4-4" />
    </>
  ),
  car: (
    <>
      <path d="M5 16v-5l2-5h10l2 5v5M3 16h18" />
      <circle cx="7.5" cy="18" r="1.5" />
      <circle cx="16.5" cy="18" r="1.5" />
    </>
  ),
  zap: <path d="M13 2L4 14h7l-1 8 10-13h-7z" />,
  flame: <path d="M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-7 1 2 2 3 3 3 0-3-1-5 0-8z" />,
  fuel: (
    <>
      <rect x="4" y="3" width="10" height="18" rx="1" />
      <path d="M4 10h10M14 8h3l2 2v8a1.5 1.5 0 0 1-3 0v-4h-2" />
    </>
  ),
  droplet: <path d="M12 2.5C9 7 6 10 6 14a6 6 0 0 0 12 0c0-4-3-7-6-11.5z" />,
  phone: <path d={handset} />,
  'phone-call': (
    <>
      <path d={handset} />
      <path d="M15 3a6 6 0 0 1 6 6M15 7a2 2 0 0 1 2 2" />
    </>
  ),
  wifi: (
    <>
      <path d="M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0" />
      <circle cx="12" cy="19.5" r="1" />
    </>
  ),
  'credit-card': (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  'heart-pulse': (
    <>
      <path d="M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.5A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z" />
      <path d="M4 12h4l2-3 3 6 2-3h5" />
    </>
  ),
  stethoscope: (
    <>
      <path d="M6 3v6a4 4 0 0 0 8 0V3M10 13v3a4 4 0 0 0 8 0v-2" />
      <circle cx="18" cy="12" r="2" />
    </>
  ),
  shield: <path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" />,
  landmark: <path d="M3 21h18M5 21V10M9.5 21V10M14.5 21V10M19 21V10M2 10l10-7 10 7z" />,
  building: (
    <>
      <rect x="5" y="2" width="14" height="20" rx="1" />
      <path d="M9 6h1M14 6h1M9 10h1M14 10h1M9 14h1M14 14h1M10 22v-4h4v4" />
    </>
  ),
  'building-2': <path d="M3 22V8l6-3v17M9 22V2l12 5v15M1 22h22M13 10h4M13 14h4M13 18h4" />,
  repeat: <path d="M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3" />,
  'graduation-cap': <path d="M2 9l10-5 10 5-10 5zM6 11v5c2 2 10 2 12 0v-5M22 9v6" />,
  hospital: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M12 7v10M7 12h10" />
    </>
  ),
  home: <path d="M3 11l9-8 9 8M5 10v11h14V10M10 21v-6h4v6" />,
  'piggy-bank': (
    <>
      <path d="M5 11a7 6 0 0 1 13-2h2v4l-2 1v3h-3v2h-3v-2H9v2H6v-3a6 6 0 0 1-1-5z" />
      <circle cx="15" cy="10" r="0.5" />
    </>
  ),
  'hand-heart': (
    <path d="M12 10s-4-2.5-4-5a2 2 0 0 1 4-1 2 2 0 0 1 4 1c0 2.5-4 5-4 5zM3 15h4l5 3h5a2 2 0 0 0 0-4h-4M3 21h4l4 1h6l4-4" />
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2 21a7 7 0 0 1 14 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a7 7 0 0 1 4 7" />
    </>
  ),
  key: (
    <>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="M10.5 12.5L21 2M16 7l3 3M18.5 4.5l2 2" />
    </>
  ),
  wallet: (
    <>
      <rect x="3" y="6" width="18" height="14" rx="2" />
      <path d="M3 6l12-3v3M16 13h2" />
    </>
  ),
  gauge: (
    <>
      <path d="M3.5 17a9 9 0 1 1 17 0M12 14l4-5" />
      <circle cx="12" cy="14" r="1" />
    </>
  ),
  microscope: <path d="M6 21h14M9 18a6 6 0 0 0 9-6M9 3l4 2-3 6-4-2zM8 11l-1 3h4" />,
};

/** A service's icon; an unknown name draws a plain circle rather than nothing. */
export function ServiceIcon({ name, className = 'h-7 w-7' }: { name: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {shapes[name] ?? <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}
