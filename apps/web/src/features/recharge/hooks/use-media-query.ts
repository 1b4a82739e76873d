import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when it changes (window resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** Tailwind's `md` breakpoint: below it the plan browser shows cards instead of a table. */
export const DESKTOP_QUERY = '(min-width: 768px)';
