import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from './site-config-query.ts';

/** The site configuration (contact facts, promotions, logo store), fetched once and cached. */
export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
