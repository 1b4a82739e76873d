import { useMemo } from 'react';
import { useCatalogueText } from './catalogue-text.ts';
import { useParamName } from './param-names.ts';

/**
 * The site's words for what the network names in English: a category (the service catalogue's) and
 * the site's own parameter names (a recharge's Mobile Number, Circle and plan). A biller's own names
 * and values stay as sent.
 */
export interface SiteWords {
  category(english: string): string;
  paramName(name: string): string;
}

/** The site's words in the language it speaks now. */
export function useSiteWords(): SiteWords {
  const category = useCatalogueText();
  const paramName = useParamName();
  return useMemo(() => ({ category, paramName }), [category, paramName]);
}
