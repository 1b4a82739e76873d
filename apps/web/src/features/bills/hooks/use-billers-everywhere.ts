import type { Biller } from '@erti/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { allBillersSearchOptions } from '../api/list-billers.ts';
import { SEARCH_DELAY_MS } from './use-biller-search.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** How many billers the services page's search asks for. */
export const EVERYWHERE_LIMIT = 10;

/**
 * Services whose billers open the bill-entry page: Mobile Prepaid opens the recharge form and
 * Education Fees its own form (spec), so their billers are not offered from the services page.
 */
const OWN_FORMS = new Set(['Mobile Prepaid', 'Education Fees']);

export interface BillersEverywhere {
  billers: Biller[];
  /** The billers shown answer earlier text, or none has arrived yet for the text as it is now. */
  isSettling: boolean;
}

/**
 * Billers of every service matching what the person types on the services page: one search once
 * the text has stopped changing, the superseded one aborted, each answer kept under its own text.
 */
export function useBillersEverywhere(query: string): BillersEverywhere {
  const needle = query.trim();
  const serverNeedle = useDebouncedValue(needle, SEARCH_DELAY_MS);
  const search = useQuery({
    ...allBillersSearchOptions(serverNeedle, EVERYWHERE_LIMIT),
    enabled: serverNeedle !== '',
    placeholderData: keepPreviousData,
  });
  if (needle === '') return { billers: [], isSettling: false };
  const billers = (search.data ?? []).filter((biller) => !OWN_FORMS.has(biller.billerCategoryName));
  return { billers, isSettling: serverNeedle !== needle || search.isFetching };
}
