import { describe, expect, it } from 'vitest';
import { catalogueStillLoading, staleUnlessEmpty } from './catalogue-state.ts';

describe('catalogue state', () => {
  it('calls the catalogue still loading only while the first sync runs', () => {
    const synced = '2025-06-01T10:00:00.000Z';
    expect(catalogueStillLoading({ billers: 0, lastSyncAt: null, syncing: true })).toBe(true);
    expect(catalogueStillLoading({ billers: 0, lastSyncAt: synced, syncing: true })).toBe(true);
    expect(catalogueStillLoading({ billers: 120, lastSyncAt: synced, syncing: true })).toBe(false);
    expect(catalogueStillLoading({ billers: 0, lastSyncAt: null, syncing: false })).toBe(false);
    expect(catalogueStillLoading(null)).toBe(false);
  });

  it('keeps a list fresh unless it is empty', () => {
    const staleTime = staleUnlessEmpty(60_000);
    expect(staleTime({ state: { data: [{ billerId: 'A' }] } })).toBe(60_000);
    expect(staleTime({ state: { data: undefined } })).toBe(60_000);
    expect(staleTime({ state: { data: [] } })).toBe(0);
  });
});
