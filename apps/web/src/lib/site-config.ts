import { useQuery } from '@tanstack/react-query';
import { siteConfigOfThePage, siteConfigQuery } from './site-config-query.ts';

/** The site configuration (contact facts, promotions, logo store), fetched once and cached. */
export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

/**
 * The site configuration for a screen's texts (the contact page's): the page's own when it came with
 * one, drawn at once as its prerendered HTML has it (decision 119), else fetched. Not the logo store's
 * address: a bill-entry page's logo is drawn as its letter until the configuration is fetched, as its
 * prerendered HTML has it.
 */
export function useSiteConfigForScreenText() {
  const ofThePage = siteConfigOfThePage();
  const fetched = useQuery({ ...siteConfigQuery, enabled: ofThePage === undefined });
  return {
    site: ofThePage ?? fetched.data,
    failed: !ofThePage && fetched.isError,
    retrying: fetched.isFetching,
    retry: () => void fetched.refetch(),
  };
}
