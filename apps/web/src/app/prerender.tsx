/**
 * The public pages rendered to HTML at build time (decision 092), then hydrated by main.tsx. Built
 * by Vite's server build and called by `build/prerender-plugin.ts`; never part of the browser bundle.
 */

import type { Language, SiteConfig } from '@erti/contracts';
import { serviceCatalogue } from '@erti/contracts/catalogue';
import {
  BILLER_NAME_SLOT,
  PRERENDERED_PAGE_SCRIPT,
  SITE_CONFIG_ELEMENT_ID,
  SITE_CONFIG_SLOTS,
  SITE_FACTS,
} from '@erti/contracts/constants';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { loadMessages } from '../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../lib/i18n/language-provider.tsx';
import { paths } from '../lib/paths.ts';
import { drawWithSiteConfig } from '../lib/site-config-query.ts';
import { Providers } from './providers.tsx';
import { AppRoutes, loadScreenAt } from './router.tsx';

export { LANGUAGES } from '@erti/contracts';
export { SHELL_NAMESPACES } from '../lib/i18n/namespaces.ts';
export { screenSourceAt } from './router.tsx';
export { BILLER_NAME_SLOT };

/**
 * The pages any visitor sees the same before signing in: their first HTML carries their content.
 * The service pages come from the catalogue constants (the routes read them, not the api); their
 * billers are fetched after hydration, as before.
 */
export const PRERENDERED_PATHS: string[] = [
  paths.home,
  paths.services,
  ...serviceCatalogue.flatMap((category) =>
    category.services.map((service) => paths.service(category.slug, service.title)),
  ),
  paths.about,
  paths.contact,
  paths.terms,
  paths.privacy,
];

/**
 * The note that the page is getting ready: a press waits for the JavaScript, which makes it once
 * live (decisions 094, 118). Outside React's root, so hydration never sees it and the browser bundle
 * does not carry it; CSS shows it after 400 ms and hides it once `<html data-live>` is set. It floats
 * over the page, so neither its coming nor its going moves the layout.
 */
const notReadyNote = (text: string) =>
  `<p data-not-ready-note role="status" class="pointer-events-none fixed bottom-4 left-1/2 z-50 -translate-x-1/2 animate-[erti-note-in_0s_linear_400ms_both] rounded-full bg-gray-900 px-4 py-2 text-sm text-white shadow-lg">${text}</p>`;

/**
 * The site configuration the pages are drawn with (decision 119): the facts every deployment shares,
 * and for what a deployment sets, the slots the api writes it into; the api also writes the whole as
 * JSON into the element after the root, which the first render in the browser reads. No prerendered
 * page offers test payments (`/bbps` is not one).
 */
const siteConfig: SiteConfig = {
  ...SITE_FACTS,
  supportEmail: SITE_CONFIG_SLOTS.supportEmail,
  logoBaseUrl: SITE_CONFIG_SLOTS.logoBaseUrl,
  testPayments: false,
};
const siteConfigElement = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${SITE_CONFIG_SLOTS.json}</script>`;

/**
 * The bill-entry page of every service, with `BILLER_NAME_SLOT` for the biller's name (decision 097):
 * the page a deep link to a biller first shows (drawn from the address while the biller's record
 * loads), whose name the api writes in. `/services/utilities/Electricity` → its pages' address.
 */
export const BILL_ENTRY_TEMPLATES: { service: string; path: string }[] = serviceCatalogue.flatMap(
  (category) =>
    category.services.map((service) => ({
      service: paths.service(category.slug, service.title),
      path: paths.billEntry(category.slug, service.title, BILLER_NAME_SLOT),
    })),
);

/**
 * The page at `url` in `language`, put into `template` (the built index.html: its hashed script and
 * CSS). The tree is main.tsx's, with the static router in place of the browser's, so hydration finds
 * the same markup, in `language` (main.tsx hydrates in the page's `<html lang>`).
 */
export async function renderPage(url: string, language: Language, template: string): Promise<string> {
  drawWithSiteConfig(siteConfig);
  // The screen's code first, as main.tsx does: `use` then draws it without suspending.
  const [messages] = await Promise.all([loadMessages(language), loadScreenAt(url)]);
  const app = renderToString(
    <StrictMode>
      <LanguageProvider language={language} messages={messages}>
        <Providers>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </LanguageProvider>
    </StrictMode>,
  );
  // The server build leaves messages as text (the browser's are compiled); these have no variables.
  const text = (id: string) =>
    String(messages[id] ?? '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;');
  const title = text('app.document.title');
  return (
    template
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace('</title>', `</title><script>${PRERENDERED_PAGE_SCRIPT}</script>`)
      // Named for the head script, which starts them after the first paint (decision 093).
      .replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        '<link rel="erti-entry" href="$1">',
      )
      .replaceAll(
        /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        '<link rel="erti-preload" href="$1">',
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root">${app}</div>${siteConfigElement}${notReadyNote(text('app.notReady'))}`,
      )
  );
}
