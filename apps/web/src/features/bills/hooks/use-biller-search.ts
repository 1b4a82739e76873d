import type { Biller } from '@erti/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCatalogueLoading } from '../../../lib/catalogue-state.ts';
import { BILLER_PAGE_SIZE, billerPagesQueryOptions, billersQueryOptions } from '../api/list-billers.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const SEARCH_DELAY_MS = 300;

/** The unsearched list of a category too large to arrive whole: shown so far, and how to see more. */
export interface BillerPaging {
  /** How many billers the category holds; undefined when the server did not say. */
  total: number | undefined;
  /** More billers wait on the server. */
  hasMore: boolean;
  /** The next page is on its way. */
  isLoadingMore: boolean;
  /** The last 'Show more billers' failed; pressing it again retries. */
  loadMoreFailed: boolean;
  loadMore: () => void;
}

export interface BillerSearchResult {
  billers: Biller[];
  /** Nothing to show yet: the first answer, or a server search still under way. */
  isLoading: boolean;
  isError: boolean;
  /** Set while the category's unsearched list is longer than one page; undefined otherwise. */
  paging: BillerPaging | undefined;
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
 * the first page and is filtered here, instantly; a large one is listed a page at a time ('Show
 * more billers') and searched on the server (debounced, one page at most), so no page ever
 * downloads thousands of billers. Once every page is loaded the search is local again.
 */
export function useBillerSearch(category: string, query: string): BillerSearchResult {
  const needle = query.trim();
  const serverNeedle = useDebouncedValue(needle, SEARCH_DELAY_MS);
  const pages = useInfiniteQuery(billerPagesQueryOptions(category));
  const loaded = pages.data?.pages.flatMap((page) => page.billers);
  const isComplete = pages.data !== undefined && !pages.hasNextPage;
  const catalogue = useCatalogueLoading(
    pages.data?.pages[0]?.billers.length === 0,
    () => void pages.refetch(),
  );
  const serverSearch = useQuery({
    ...billersQueryOptions(category, { q: serverNeedle, limit: BILLER_PAGE_SIZE }),
    enabled: pages.isSuccess && !isComplete && serverNeedle !== '',
    placeholderData: keepPreviousData,
  });
  // A failed next page keeps the pages already shown: only a failed first page is an error.
  const firstPageFailed = pages.isError && pages.data === undefined;
  if (needle === '' || isComplete) {
    const paged = pages.data !== undefined && (pages.hasNextPage || pages.data.pages.length > 1);
    return {
      billers: byName(loaded ?? [], needle),
      isLoading: pages.isPending || catalogue.checking,
      isError: firstPageFailed,
      paging:
        needle === '' && paged
          ? {
              total: pages.data?.pages.at(-1)?.total,
              hasMore: pages.hasNextPage,
              isLoadingMore: pages.isFetchingNextPage,
              loadMoreFailed: pages.isFetchNextPageError,
              loadMore: () => {
                if (!pages.isFetchingNextPage) void pages.fetchNextPage();
              },
            }
          : undefined,
      isCatalogueLoading: catalogue.stillLoading,
      retry: () => void pages.refetch(),
    };
  }
  const billers = byName(serverSearch.data ?? [], needle);
  const settling = pages.isPending || serverNeedle !== needle || serverSearch.isFetching;
  return {
    billers,
    isLoading: settling && billers.length === 0,
    isError: firstPageFailed || serverSearch.isError,
    paging: undefined,
    isCatalogueLoading: catalogue.stillLoading,
    retry: () => void (firstPageFailed ? pages.refetch() : serverSearch.refetch()),
  };
}
