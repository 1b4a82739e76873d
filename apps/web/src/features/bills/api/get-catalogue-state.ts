import type { CatalogueState, HealthResponse } from '@erti/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { publicApi } from '../../../lib/api-client.ts';
import { billsKeys } from './keys.ts';

/** How often to ask again while the first sync runs (it takes seconds, not minutes). */
const CATALOGUE_POLL_MS = 3_000;

/** `GET /api/health`, its catalogue part. */
export const getCatalogueState = async () => (await publicApi.get<HealthResponse>('/health')).catalogue;

/** The first sync with the bill network has not finished: an empty list means "not yet", not "none". */
export const catalogueStillLoading = (state: CatalogueState | null | undefined): boolean =>
  state?.syncing === true && (state.lastSyncAt === null || state.billers === 0);

/**
 * Whether an empty biller list is empty only because the catalogue is still being loaded. Asks
 * health only while `listIsEmpty` (`checking` until it answers), again every few seconds while the
 * first sync runs, and calls `onLoaded` when it has finished so the list is asked for again.
 */
export function useCatalogueLoading(
  listIsEmpty: boolean,
  onLoaded: () => void,
): { checking: boolean; stillLoading: boolean } {
  const state = useQuery({
    queryKey: billsKeys.catalogueState(),
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
