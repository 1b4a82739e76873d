import type { ReactNode } from 'react';

/** The size steps of the words over the art, which follow the art's width (container units). */
export const wordSizes = {
  title: 'text-[clamp(1.25rem,3.8cqi,3rem)] font-bold leading-snug',
  text: 'text-[clamp(0.875rem,2cqi,1.5rem)] leading-snug',
  action: 'rounded-full px-[1.2em] py-[0.45em] text-[clamp(0.875rem,1.8cqi,1.375rem)] font-bold',
};

/**
 * Text-free art filling its box, with the words (HTML text from the catalogues) laid over its left
 * side, where each picture leaves room. The box keeps the art's shape (`shape`: Tailwind aspect
 * classes) at least, and grows taller when a language's words need more lines: they wrap, never
 * overflow. (An aspect ratio on the box itself would fix its height and let the words spill.)
 * On a phone the art is cropped to its left part, behind the words; the drawing on its right shows
 * from the small breakpoint up, kept whole when the box grows taller (the crop is then from the left,
 * the plain part under the words; Tamil's three-line title cut the drawing when it was centred).
 */
export function ArtWithWords({
  art,
  width,
  height,
  eager = false,
  shape,
  children,
}: {
  art: string;
  width: number;
  height: number;
  /** The first picture of the page (its LCP): fetched at once with high priority. */
  eager?: boolean;
  shape: string;
  children: ReactNode;
}) {
  return (
    <div className="@container relative grid grid-cols-1">
      <img
        src={art}
        alt=""
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        className="absolute inset-0 h-full w-full object-cover object-left sm:object-right"
      />
      {/* Holds the art's shape; the words share its grid cell and make the box taller when they need to. */}
      <div className={`[grid-area:1/1] ${shape}`} />
      <div className="relative flex flex-col [grid-area:1/1] items-start justify-center gap-[max(0.5rem,1.6cqi)] px-[max(1rem,6.5cqi)] py-[max(1rem,3cqi)] sm:max-w-[62%]">
        {children}
      </div>
    </div>
  );
}
