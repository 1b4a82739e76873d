import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language, SiteConfig } from '@erti/contracts';
import {
  BILLER_NAME_SLOT,
  logoLetterOf,
  PRERENDERED_PAGE_SCRIPT,
  SITE_CONFIG_SLOTS,
} from '@erti/contracts/constants';
import { requestLanguage } from '../../lib/request-language.ts';

/** The page policy's allowance for the prerendered pages' one inline script, by its hash (decision 092). */
export const PRERENDERED_PAGE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PRERENDERED_PAGE_SCRIPT).digest('base64')}'`;

/** Where the web build writes the prerendered pages (apps/web/build/prerender-plugin.ts). */
const PRERENDERED_DIR = 'prerendered';

/** A prerendered page for a request: its file under the web build and its language. */
export interface PrerenderedPage {
  file: string;
  language: Language;
}

/** `/` is `index.html`; `/services/recharge/DTH` is `services/recharge/DTH.html`, as the build writes them. */
const fileOf = (language: Language, pathname: string) =>
  `${PRERENDERED_DIR}/${language}${pathname === '/' ? '/index' : pathname}.html`;

function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return undefined; // A malformed escape is no page of ours.
  }
}

/** A service's bill-entry page for one biller: the service's page file with the name to write in. */
export interface BillEntryPage extends PrerenderedPage {
  billerName: string;
}

/** Longer names get the app shell: no biller's name comes near it. */
const MAX_BILLER_NAME = 200;

/**
 * `/services/<group>/<service>/<biller>` split and decoded segment by segment, or undefined. A name
 * with `/` or `%` in it gets the app shell: the router decodes those differently from a plain segment,
 * and the page drawn must be the one the browser then hydrates; so does one with the slot's characters.
 */
function billEntryAddress(url: string): { service: string; billerName: string } | undefined {
  const segments = (url.split('?')[0] ?? '').split('/');
  if (segments.length !== 5 || segments[1] !== 'services') return undefined;
  const [, , group = '', service = '', biller = ''] = segments.map(decodedPath);
  if (!group || !service || !biller || biller.length > MAX_BILLER_NAME || /[/%\uE000\uE001]/.test(biller))
    return undefined;
  return { service: `/services/${group}/${service}`, billerName: biller };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapedHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? '');

/**
 * A bill-entry page with the biller's name written in (decision 097): the slot as the heading and the
 * slot's first character alone as the logo's letter, escaped as text, as React would have drawn them.
 */
export function withBillerName(html: string, billerName: string): string {
  return html
    .replaceAll(BILLER_NAME_SLOT, escapedHtml(billerName))
    .replaceAll(logoLetterOf(BILLER_NAME_SLOT), escapedHtml(logoLetterOf(billerName)));
}

/**
 * A prerendered page with this deployment's site configuration written in (decision 119): the whole as
 * JSON for the first render (`<` escaped, so no text in it ends the element) and each text the page
 * shows from it, escaped as React would have drawn it. The page's first HTML then holds every text it
 * shows once live.
 */
export function withSiteConfig(html: string, site: SiteConfig): string {
  return html
    .replaceAll(SITE_CONFIG_SLOTS.json, JSON.stringify(site).replaceAll('<', '\\u003c'))
    .replaceAll(SITE_CONFIG_SLOTS.supportEmail, escapedHtml(site.supportEmail))
    .replaceAll(SITE_CONFIG_SLOTS.logoBaseUrl, escapedHtml(site.logoBaseUrl));
}

/**
 * The prerendered public pages of a web build (`prerendered/pages.json`), or none for a build
 * without them. Only the paths the build lists are answered, so a request's path never names a file.
 */
export function loadPrerenderedPages(distDir: string) {
  const listing = join(distDir, PRERENDERED_DIR, 'pages.json');
  const built = existsSync(listing)
    ? (JSON.parse(readFileSync(listing, 'utf8')) as { paths: string[]; billEntryServices?: string[] })
    : { paths: [] };
  const paths = new Set(built.paths);
  const billEntryServices = new Set(built.billEntryServices ?? []);
  return {
    pageFor(
      url: string,
      headers: { cookie?: string; 'accept-language'?: string },
    ): PrerenderedPage | undefined {
      const pathname = decodedPath(url);
      if (pathname === undefined || !paths.has(pathname)) return undefined;
      // The customer's choice on this device, else the browser's (decision 093).
      const language = requestLanguage({ headers });
      return { file: fileOf(language, pathname), language };
    },
    /** The bill-entry page of a service the build prerendered, for the biller the address names. */
    billEntryPageFor(
      url: string,
      headers: { cookie?: string; 'accept-language'?: string },
    ): BillEntryPage | undefined {
      const address = billEntryAddress(url);
      if (!address || !billEntryServices.has(address.service)) return undefined;
      const language = requestLanguage({ headers });
      const file = `${PRERENDERED_DIR}/${language}${address.service}/_bill-entry.html`;
      return { file, language, billerName: address.billerName };
    },
  };
}
