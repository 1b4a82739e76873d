import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  pickLanguage,
  preferredLanguages,
} from '@erti/contracts';
import { PRERENDERED_PAGE_SCRIPT } from '@erti/contracts/constants';

/** The page policy's allowance for the prerendered pages' one inline script, by its hash (decision 092). */
export const PRERENDERED_PAGE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PRERENDERED_PAGE_SCRIPT).digest('base64')}'`;

/** Where the web build writes the prerendered pages (apps/web/build/prerender-plugin.ts). */
const PRERENDERED_DIR = 'prerendered';

/** A prerendered page for a request: its file under the web build and its language. */
export interface PrerenderedPage {
  file: string;
  language: Language;
}

/** The value of the language cookie, if it names a language the site speaks. */
function cookieLanguage(cookieHeader: string | undefined): Language | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}

/**
 * The language of the page a request gets (decision 093): the one the customer chose on this device
 * (the `erti_lang` cookie), else the first the browser asks for that the site speaks, else English.
 */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  return cookieLanguage(cookieHeader) ?? pickLanguage(preferredLanguages(acceptLanguage));
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

/**
 * The prerendered public pages of a web build (`prerendered/pages.json`), or none for a build
 * without them. Only the paths the build lists are answered, so a request's path never names a file.
 */
export function loadPrerenderedPages(distDir: string) {
  const listing = join(distDir, PRERENDERED_DIR, 'pages.json');
  const built = existsSync(listing)
    ? (JSON.parse(readFileSync(listing, 'utf8')) as { paths: string[] })
    : { paths: [] };
  const paths = new Set(built.paths);
  return {
    pageFor(
      url: string,
      headers: { cookie?: string; 'accept-language'?: string },
    ): PrerenderedPage | undefined {
      const pathname = decodedPath(url);
      if (pathname === undefined || !paths.has(pathname)) return undefined;
      const language = pageLanguage(headers.cookie, headers['accept-language']);
      return { file: fileOf(language, pathname), language };
    },
  };
}
