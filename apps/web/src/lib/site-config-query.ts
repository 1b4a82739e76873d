import type { SiteConfig } from '@erti/contracts';
import { useEffect, useState } from 'react';
import { publicApi } from './api-client.ts';
import { loadDataLayer } from './with-data.tsx';

/** The site configuration (contact facts, promotions, logo store), fetched once and cached. */
export const siteConfigQuery = {
  queryKey: ['site-config'],
  queryFn: () => publicApi.get<SiteConfig>('/site-config'),
  staleTime: Number.POSITIVE_INFINITY,
};

/**
 * The site configuration for the layout and the home page, which render without the data layer
 * (decision 096): none on the first render, as on the prerendered page, then the data layer's cached
 * copy, the same the screens' `useSiteConfig` reads. A failed fetch leaves it out, as before.
 */
export function useSiteConfigAfterFirstRender(): SiteConfig | undefined {
  const [site, setSite] = useState<SiteConfig>();
  useEffect(() => {
    let shown = true;
    loadDataLayer()
      .then(({ queryClient }) => queryClient.fetchQuery(siteConfigQuery))
      .then(
        (fetched) => shown && setSite(fetched),
        () => {},
      );
    return () => {
      shown = false;
    };
  }, []);
  return site;
}
