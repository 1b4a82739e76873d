import { useQuery } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfigQuery, useSiteConfigAfterFirstRender } from './site-config-query.ts';
import { withData } from './with-data.tsx';

const site = { taxRegistrationNumber: 'GSTIN 29ABCDE1234F1Z5', socialLinks: [], promotions: [] };

function stubSiteConfig() {
  const fetched = vi.fn(async () => new Response(JSON.stringify(site), { status: 200 }));
  vi.stubGlobal('fetch', fetched);
  return fetched;
}

afterEach(() => vi.unstubAllGlobals());

/** A part that reads the site configuration through TanStack Query, as the screens do. */
function TaxNumber() {
  const { data } = useQuery(siteConfigQuery);
  return <p>{data?.taxRegistrationNumber ?? 'loading'}</p>;
}

describe('the data layer, loaded with the parts that fetch (decision 096)', () => {
  it('gives a lazily loaded part a query client with no provider above it, one cache for all', async () => {
    const fetched = stubSiteConfig();
    const First = lazy(async () => ({ default: await withData(async () => TaxNumber) }));
    const Second = lazy(async () => ({ default: await withData(async () => TaxNumber) }));
    render(
      <Suspense fallback={null}>
        <First />
        <Second />
      </Suspense>,
    );
    await waitFor(() => expect(screen.getAllByText(site.taxRegistrationNumber)).toHaveLength(2));
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('gives the layout the site configuration after its first render, from the same cache', async () => {
    stubSiteConfig();
    const { result } = renderHook(() => useSiteConfigAfterFirstRender());
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.taxRegistrationNumber).toBe(site.taxRegistrationNumber));
  });
});
