import { LOGO_EXTENSIONS, logoLetterOf } from '@erti/contracts/constants';
import { useState } from 'react';
import { useSiteConfig } from '../../../lib/site-config.ts';

/** Where a biller's logo may be in the logo store, in the order to try them (png, jpg, webp, jpeg). */
export function logoCandidates(
  logoBaseUrl: string,
  billerCategoryName: string,
  billerName: string,
): string[] {
  const base = `${logoBaseUrl.replace(/\/$/, '')}/${encodeURIComponent(billerCategoryName)}/${encodeURIComponent(billerName)}`;
  return LOGO_EXTENSIONS.map((extension) => `${base}.${extension}`);
}

const sizes = { sm: 'h-10 w-10 text-base', lg: 'h-16 w-16 text-2xl' } as const;

interface BillerLogoProps {
  billerName: string;
  billerCategoryName: string;
  size?: keyof typeof sizes;
}

/**
 * The biller's logo, trying each extension in turn; when none loads, a circle with the first
 * letter. Decorative: the biller's name is always written beside it.
 */
export function BillerLogo({ billerName, billerCategoryName, size = 'sm' }: BillerLogoProps) {
  const logoBaseUrl = useSiteConfig().data?.logoBaseUrl;
  const [attempt, setAttempt] = useState(0);
  const candidates = logoBaseUrl ? logoCandidates(logoBaseUrl, billerCategoryName, billerName) : [];
  const source = candidates[attempt];
  if (!source) {
    return (
      <span
        aria-hidden="true"
        data-testid="logo-letter"
        className={`${sizes[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
      >
        {logoLetterOf(billerName)}
      </span>
    );
  }
  return (
    <img
      key={source}
      src={source}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setAttempt(attempt + 1)}
      className={`${sizes[size]} shrink-0 rounded-full border border-gray-200 bg-white object-contain p-1`}
    />
  );
}
