import type { Biller } from '@erti/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCatalogueLoading } from '../../../lib/catalogue-state.ts';
import { BILLER_PAGE_SIZE, billerPagesQueryOptions, billersQueryOptions } from '../api/list-billers.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** How long the text must rest before it is searched on the server. */
export const SEARCH_DELAY_MS = 300;

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
  /** The billers shown answer earlier text; the answer to the text as it is now is on its way. */
  isSettling: boolean;
  isError: boolean;
  /** Set while the category's unsearched list is longer than one page; undefined otherwise. */
  paging: BillerPaging | undefined;
  /** The category is empty because the first sync with the bill network is still running. */
  isCatalogueLoading: boolean;
  retry: () => void;
}

/**
 * A category's billers as the person searches them. Unsearched, the list arrives a page at a time
 * ('Show more billers'), so no page ever downloads thousands of billers. Searched, the server
 * answers (decision 070: ranked, forgiving typos and short names, which a filter in the page could
 * not do): once the text has stopped changing for SEARCH_DELAY_MS, one page at most, and a search
 * overtaken by newer text is aborted. Each answer is kept under its own text, so an older answer
 * arriving late is never shown as the newer one's; the last answer stays up while the next loads.
 */
export function useBillerSearch(category: string, query: string): BillerSearchResult {
  const needle = query.trim();
  const serverNeedle = useDebouncedValue(needle, SEARCH_DELAY_MS);
  const pages = useInfiniteQuery(billerPagesQueryOptions(category));
  const catalogue = useCatalogueLoading(
    pages.data?.pages[0]?.billers.length === 0,
    () => void pages.refetch(),
  );
  const serverSearch = useQuery({
    ...billersQueryOptions(category, { q: serverNeedle, limit: BILLER_PAGE_SIZE }),
    enabled: serverNeedle !== '',
    placeholderData: keepPreviousData,
  });
  // A failed next page keeps the pages already shown: only a failed first page is an error.
  const firstPageFailed = pages.isError && pages.data === undefined;
  if (needle === '') {
    const paged = pages.data !== undefined && (pages.hasNextPage || pages.data.pages.length > 1);
    return {
      billers: pages.data?.pages.flatMap((page) => page.billers) ?? [],
      isLoading: pages.isPending || catalogue.checking,
      isError: firstPageFailed,
      isSettling: false,
      paging: paged
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
  const billers = (serverNeedle !== '' && serverSearch.data) || [];
  const settling = serverNeedle !== needle || serverSearch.isFetching;
  return {
    billers,
    isLoading: settling && billers.length === 0,
    isError: serverSearch.isError && !settling,
    isSettling: settling,
    paging: undefined,
    isCatalogueLoading: catalogue.stillLoading,
    retry: () => void serverSearch.refetch(),
  };
}
