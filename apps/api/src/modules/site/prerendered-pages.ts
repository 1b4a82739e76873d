import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@erti/contracts';
import { PRERENDERED_PAGE_SCRIPT } from '@erti/contracts/constants';
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
      // The customer's choice on this device, else the browser's (decision 093).
      const language = requestLanguage({ headers });
      return { file: fileOf(language, pathname), language };
    },
  };
}
