import type { SiteConfig } from '@erti/contracts';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './api-client.ts';

/** The site configuration (contact facts, promotions, logo store), fetched once and cached. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: () => publicApi.get<SiteConfig>('/site-config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
