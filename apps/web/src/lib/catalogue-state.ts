import type { CatalogueState, HealthResponse } from '@erti/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { publicApi } from './api-client.ts';

/**
 * While the first sync with the bill network fills the catalogue, every list of billers (the biller
 * list, the recharge operators, the education institutes and their places) is empty. These pieces
 * let each screen say "still loading" instead of "none" (decision 043).
 */

/** How often to ask again while the first sync runs (it takes seconds, not minutes). */
const CATALOGUE_POLL_MS = 3_000;

/** One key for every screen: they all ask the same question of health. */
const catalogueStateKey = ['catalogue-state'] as const;

/** `GET /api/health`, its catalogue part. */
export const getCatalogueState = async () => (await publicApi.get<HealthResponse>('/health')).catalogue;

/** The first sync with the bill network has not finished: an empty list means "not yet", not "none". */
export const catalogueStillLoading = (state: CatalogueState | null | undefined): boolean =>
  state?.syncing === true && (state.lastSyncAt === null || state.billers === 0);

/**
 * A list's `staleTime` that keeps it `freshMs` unless it is empty: an empty list may only mean "not
 * synchronised yet", so it is asked for again next time rather than served from the cache.
 */
export const staleUnlessEmpty =
  (freshMs: number) => (query: { state: { data: readonly unknown[] | undefined } }) =>
    query.state.data?.length === 0 ? 0 : freshMs;

/**
 * Whether an empty list is empty only because the catalogue is still being loaded. Asks health
 * only while `listIsEmpty` (`checking` until it answers), again every few seconds while the first
 * sync runs, and calls `onLoaded` when it has finished so the list is asked for again.
 */
export function useCatalogueLoading(
  listIsEmpty: boolean,
  onLoaded: () => void,
): { checking: boolean; stillLoading: boolean } {
  const state = useQuery({
    queryKey: catalogueStateKey,
    queryFn: getCatalogueState,
    enabled: listIsEmpty,
    refetchInterval: (query) => (catalogueStillLoading(query.state.data) ? CATALOGUE_POLL_MS : false),
  });
  const loading = catalogueStillLoading(state.data);
  const wasLoading = useRef(false);
  const loaded = useEffectEvent(onLoaded);
  useEffect(() => {
    if (wasLoading.current && !loading) loaded();
    wasLoading.current = loading;
  }, [loading]);
  return { checking: listIsEmpty && state.isPending, stillLoading: listIsEmpty && loading };
}
