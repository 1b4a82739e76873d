import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, signIn, stubApi } from '../testing/render.tsx';
import { savedBillsQueryOptions } from './list-saved-bills.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saved bills', () => {
  it('are asked again each time, although the app keeps other reads for a minute', async () => {
    signIn();
    const fetchMock = stubApi((method, path) =>
      method === 'POST' && path === '/bbps/prod/mybills/category' ? { body: [] } : undefined,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    await client.fetchQuery(savedBillsQueryOptions('usr_1', 'Electricity'));
    await client.fetchQuery(savedBillsQueryOptions('usr_1', 'Electricity'));
    expect(callsOf(fetchMock).filter((call) => call.includes('mybills'))).toHaveLength(2);
  });

  it('fail rather than come back empty, so the panel offers a retry instead of saying there are none', async () => {
    signIn();
    stubApi((method, path) =>
      method === 'POST' && path === '/bbps/prod/mybills/category' ? { status: 503, body: {} } : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(savedBillsQueryOptions('usr_1', 'Electricity'))).rejects.toThrow();
    expect(console.error).toHaveBeenCalled();
  });
});
