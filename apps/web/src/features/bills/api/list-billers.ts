import type { Biller } from '@erti/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { billsKeys } from './keys.ts';

/** How many billers one call asks for: a large category is searched on the server, never downloaded whole. */
export const BILLER_PAGE_SIZE = 50;

export interface BillerSearch {
  q?: string;
  limit?: number;
  offset?: number;
}

function billersPath(category: string, search: BillerSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.limit) params.set('limit', String(search.limit));
  if (search.offset) params.set('offset', String(search.offset));
  const query = params.size > 0 ? `?${params}` : '';
  return `/bbps/prod/${encodeURIComponent(category)}${query}`;
}

/**
 * `GET /api/bbps/prod/{category title}?q=&limit=&offset=`: the billers of a category, sorted by
 * name, or with `q` the billers the search finds, best first. `signal` cancels a superseded search.
 */
export function listBillers(category: string, search: BillerSearch, signal?: AbortSignal): Promise<Biller[]> {
  return publicApi.get<Biller[]>(billersPath(category, search), { signal });
}

/** `GET /api/bbps/prod/search?q=&limit=`: the billers of every category the search finds, best first. */
export function searchAllBillers(q: string, limit: number, signal?: AbortSignal): Promise<Biller[]> {
  const params = new URLSearchParams({ q, limit: String(limit) });
  return publicApi.get<Biller[]>(`/bbps/prod/search?${params}`, { signal });
}

export interface BillerPage {
  billers: Biller[];
  /** How many billers the category holds (`x-total-count`); undefined when the server did not say. */
  total: number | undefined;
}

/** One page of a category's billers with the category's total. */
export async function listBillerPage(category: string, search: BillerSearch): Promise<BillerPage> {
  const { body, headers } = await publicApi.getWithHeaders<Biller[]>(billersPath(category, search));
  const total = Number.parseInt(headers.get('x-total-count') ?? '', 10);
  return { billers: body, total: Number.isFinite(total) ? total : undefined };
}

/** The offset of the page after `pages`, or undefined once the category is listed whole. */
export function nextBillerOffset(pages: BillerPage[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.billers.length, 0);
  const last = pages.at(-1);
  if (!last || last.billers.length === 0) return undefined;
  if (last.total !== undefined) return loaded < last.total ? loaded : undefined;
  return last.billers.length < BILLER_PAGE_SIZE ? undefined : loaded;
}

/** A category's billers, BILLER_PAGE_SIZE at a time, for 'Show more billers'. */
export const billerPagesQueryOptions = (category: string) =>
  infiniteQueryOptions({
    queryKey: billsKeys.billerPages(category),
    queryFn: ({ pageParam }) => listBillerPage(category, { limit: BILLER_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextBillerOffset(pages),
  });

/**
 * A category's billers, searched or not. The query hands its signal to the call: when the search
 * text changes before the answer arrives, TanStack Query aborts the call nobody waits for.
 */
export const billersQueryOptions = (category: string, search: BillerSearch) =>
  queryOptions({
    queryKey: billsKeys.billers(category, search),
    queryFn: ({ signal }) => listBillers(category, search, signal),
  });

/** Billers of every category matching `q` (the services page's search). */
export const allBillersSearchOptions = (q: string, limit: number) =>
  queryOptions({
    queryKey: billsKeys.search(q, limit),
    queryFn: ({ signal }) => searchAllBillers(q, limit, signal),
  });
