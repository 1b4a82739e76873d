import type { Biller } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { billsKeys } from './keys.ts';

/** How many billers one call asks for: a large category is searched on the server, never downloaded whole. */
export const BILLER_PAGE_SIZE = 50;

export interface BillerSearch {
  q?: string;
  limit?: number;
}

/** `GET /api/bbps/prod/{category title}?q=&limit=`: the billers of a category, sorted by name. */
export function listBillers(category: string, search: BillerSearch): Promise<Biller[]> {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.limit) params.set('limit', String(search.limit));
  const query = params.size > 0 ? `?${params}` : '';
  return publicApi.get<Biller[]>(`/bbps/prod/${encodeURIComponent(category)}${query}`);
}

export const billersQueryOptions = (category: string, search: BillerSearch) =>
  queryOptions({
    queryKey: billsKeys.billers(category, search),
    queryFn: () => listBillers(category, search),
  });

export function useBillers(category: string, search: BillerSearch, enabled = true) {
  return useQuery({ ...billersQueryOptions(category, search), enabled });
}
