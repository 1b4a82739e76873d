import type { SiteConfig } from '@erti/contracts';
import { SITE_CONFIG_ELEMENT_ID } from '@erti/contracts/constants';
import { useEffect, useState } from 'react';
import { publicApi } from './api-client.ts';
import { loadDataLayer } from './with-data.tsx';

/** The site configuration (contact facts, promotions, logo store), fetched once and cached. */
export const siteConfigQuery = {
  queryKey: ['site-config'],
  queryFn: () => publicApi.get<SiteConfig>('/site-config'),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Read once; `{}` holds none. */
let ofThePage: { site?: SiteConfig } | undefined;

function readOfThePage(): SiteConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const json = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  try {
    return json ? (JSON.parse(json) as SiteConfig) : undefined;
  } catch {
    return undefined; // A page no api wrote into (its slot left): the configuration is fetched.
  }
}

/**
 * The site configuration the page came with (decision 119): the api writes it into every prerendered
 * page as JSON, beside the texts the page shows from it, so the first render draws what the HTML
 * has. None in the app shell. The prerender draws with its own (`drawWithSiteConfig`).
 */
export function siteConfigOfThePage(): SiteConfig | undefined {
  ofThePage ??= { site: readOfThePage() };
  return ofThePage.site;
}

/** The configuration the prerender draws its pages with (app/prerender.tsx). */
export function drawWithSiteConfig(site: SiteConfig): void {
  ofThePage = { site };
}

/** The page's configuration when `atFirstRender`, else after the first render: the page's or fetched. */
function useSiteConfigOfThePage(atFirstRender: boolean): SiteConfig | undefined {
  const [site, setSite] = useState(() => (atFirstRender ? siteConfigOfThePage() : undefined));
  useEffect(() => {
    if (site) return;
    const given = siteConfigOfThePage();
    if (given) return setSite(given);
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
  }, [site]);
  return site;
}

/**
 * The site configuration for the layout's texts (the footer's tax number and social links), which
 * renders without the data layer (decision 096): the page's own from the first render, as its HTML
 * has it (decision 119); on the app shell, fetched after it. A failed fetch leaves it out.
 */
export const useSiteConfigForText = () => useSiteConfigOfThePage(true);

/**
 * The site configuration for what depends on the time too (the home page's promotions, whose windows
 * the prerender's clock and the customer's may see differently): none on the first render, as on the
 * prerendered page, then the page's own or the data layer's cached copy. A failed fetch leaves it out.
 */
export const useSiteConfigAfterFirstRender = () => useSiteConfigOfThePage(false);
