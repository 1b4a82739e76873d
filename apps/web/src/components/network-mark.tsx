import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * The network's marks (decision 132), drawn from the api's `/network-marks/` (the operator's official
 * files, else placeholders), in a box of a fixed size so nothing moves when the picture arrives
 * (CLS 0), whatever the artwork's own proportions. The names are trademarks and stay as they are in
 * every language; the words around them are translated.
 */
const MARKS = {
  'bharat-connect': { alt: 'app.networkMark.bharatConnect', width: 96, height: 32, box: 'h-8 w-24' },
  'b-assured': { alt: 'app.networkMark.bAssured', width: 64, height: 64, box: 'h-16 w-16' },
} as const;

export type NetworkMarkName = keyof typeof MARKS;

export function NetworkMark({ mark, className = '' }: { mark: NetworkMarkName; className?: string }) {
  const { formatMessage } = useIntl();
  const { alt, width, height, box } = MARKS[mark];
  return (
    <img
      src={`/network-marks/${mark}.svg`}
      alt={formatMessage({ id: alt })}
      width={width}
      height={height}
      decoding="async"
      // The box in CSS too: the stylesheet's `height: auto` would take the artwork's own proportions.
      className={`shrink-0 object-contain ${box} ${className}`}
    />
  );
}

/** A page's heading with the Bharat Connect logo at its top right, as the network's screens have it. */
export function WithBharatConnectLogo({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">{children}</div>
      <NetworkMark mark="bharat-connect" />
    </div>
  );
}
