import type { Biller } from '@erti/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCatalogueLoading } from '../../../lib/catalogue-state.ts';
import { BILLER_PAGE_SIZE, billersQueryOptions, useBillers } from '../api/list-billers.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const SEARCH_DELAY_MS = 300;

export interface BillerSearchResult {
  billers: Biller[];
  /** Nothing to show yet: the first answer, or a server search still under way. */
  isLoading: boolean;
  isError: boolean;
  /** The category holds more billers than were listed: the user should search. */
  isPartial: boolean;
  /** The category is empty because the first sync with the bill network is still running. */
  isCatalogueLoading: boolean;
  retry: () => void;
}

const byName = (billers: Biller[], needle: string) => {
  const lower = needle.toLowerCase();
  return billers.filter((biller) => biller.billerName.toLowerCase().includes(lower));
};

/**
 * Case-insensitive substring search over a category's billers. A small category arrives whole with
 * the first page and is filtered here, instantly; a large one is searched on the server
 * (debounced, one page at most), so no page ever downloads thousands of billers.
 */
export function useBillerSearch(category: string, query: string): BillerSearchResult {
  const needle = query.trim();
  const serverNeedle = useDebouncedValue(needle, SEARCH_DELAY_MS);
  const firstPage = useBillers(category, { limit: BILLER_PAGE_SIZE });
  const isComplete = firstPage.data !== undefined && firstPage.data.length < BILLER_PAGE_SIZE;
  const catalogue = useCatalogueLoading(firstPage.data?.length === 0, () => void firstPage.refetch());
  const serverSearch = useQuery({
    ...billersQueryOptions(category, { q: serverNeedle, limit: BILLER_PAGE_SIZE }),
    enabled: firstPage.isSuccess && !isComplete && serverNeedle !== '',
    placeholderData: keepPreviousData,
  });
  if (needle === '' || isComplete) {
    return {
      billers: byName(firstPage.data ?? [], needle),
      isLoading: firstPage.isPending || catalogue.checking,
      isError: firstPage.isError,
      isPartial: firstPage.isSuccess && !isComplete,
      isCatalogueLoading: catalogue.stillLoading,
      retry: () => void firstPage.refetch(),
    };
  }
  const billers = byName(serverSearch.data ?? [], needle);
  const settling = firstPage.isPending || serverNeedle !== needle || serverSearch.isFetching;
  return {
    billers,
    isLoading: settling && billers.length === 0,
    isError: firstPage.isError || serverSearch.isError,
    isPartial: false,
    isCatalogueLoading: catalogue.stillLoading,
    retry: () => void (firstPage.isError ? firstPage.refetch() : serverSearch.refetch()),
  };
}
