import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_CONFIG_ELEMENT_ID } from '@erti/contracts/constants';
import { languageNames } from '@erti/contracts/languages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { billersOf } from '../support/catalogue.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { routeTable } from '../support/routes.ts';
import { type RunningSystem, startSystem } from '../support/servers.ts';
import { signInThroughApi } from '../support/session.ts';

/**
 * Every route in the pseudo-locale (accented, bracketed English: decision 087), logged out and
 * logged in: a visible text, or an aria-label, alt, title or placeholder, that is neither from a
 * catalogue nor data (what the api sent, numbers, amounts, dates, e-mail addresses, the brand and
 * the languages' own names) fails, naming the route and the text. The pseudo-locale exists only in a
 * build made with VITE_PSEUDO_LOCALE=true, so this test builds and serves one of its own.
 */

/** Never translated: the brand, and each language's name in its own script (the switch). */
const NAMES = ['Erti Pay', ...Object.values(languageNames)];
const PSEUDO_MARK = /[⟦⟧ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ]/;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** Dates and times as en-IN writes them: 22 Nov 2025, 10:05 am IST. */
const DATE_WORDS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|am|pm|AM|PM|IST)\b/g;

interface Shown {
  route: string;
  text: string;
}

/** The visible texts and the labelling attributes of the page as it is now. */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!text || !parent || parent.closest('script, style, noscript')) continue;
      if (parent.tagName === 'OPTION' || parent.checkVisibility({ visibilityProperty: true }))
        found.push(text);
    }
    for (const element of Array.from(
      document.querySelectorAll('[aria-label], [alt], [title], [placeholder]'),
    )) {
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    return found;
  });
}

/** Whether a text came from a catalogue or is data only. */
function translatedOrData(text: string, fromNetwork: Set<string>): boolean {
  if (PSEUDO_MARK.test(text)) return true;
  // A biller's logo when it has no image: the first letter of its name as sent.
  if (/^[A-Z]$/.test(text) && [...fromNetwork].some((name) => name.startsWith(text))) return true;
  let rest = text.replace(EMAIL, ' ').replace(DATE_WORDS, ' ');
  for (const name of [...NAMES, ...fromNetwork].sort((a, b) => b.length - a.length)) {
    if (rest.includes(name)) rest = rest.split(name).join(' ');
  }
  return !/[A-Za-z]/.test(rest);
}

/** Every string value of a JSON answer of the api: names of billers, plans, operators, ... */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.trim().length > 1) into.add(value.trim());
  } else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
}

const root = fileURLToPath(new URL('../..', import.meta.url));
let webDist: string;
let system: RunningSystem;
let browser: BrowserSession;
let biller: FetchBiller;
const fromNetwork = new Set<string>();

/** A settled page: the screen's code and its data have arrived. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="status"][aria-label]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function untranslated(page: Page, routes: string[]): Promise<Shown[]> {
  const found: Shown[] = [];
  for (const route of routes) {
    await page.goto(`${system.apiUrl}${route}${route.includes('?') ? '&' : '?'}pseudo`);
    await settle(page);
    // The site's configuration the api wrote into the page (decision 119) is data, as its answers are.
    const configuration = await page
      .locator(`#${SITE_CONFIG_ELEMENT_ID}`)
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    if (configuration) stringsOf(JSON.parse(configuration), fromNetwork);
    for (const text of new Set(await textsOf(page))) {
      if (!translatedOrData(text, fromNetwork)) found.push({ route, text });
    }
  }
  return found;
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'erti-e2e-pseudo-'));
  execFileSync('npm', ['run', 'build', '-w', '@erti/web', '--', '--outDir', webDist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', VITE_PSEUDO_LOCALE: 'true' },
  });
  system = await startSystem({ WEB_DIST_DIR: webDist });
  await billersOf(system.apiUrl, 'Electricity');
  biller = await findFetchBiller(system.apiUrl);
  browser = await openBrowser();
  browser.page.on('response', async (response) => {
    if (!response.url().startsWith(`${system.apiUrl}/api/`)) return;
    if (!response.headers()['content-type']?.includes('json')) return;
    stringsOf(await response.json().catch(() => undefined), fromNetwork);
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe('the pseudo-locale on every route', () => {
  it('shows only catalogue text and data while logged out', { timeout: 300_000 }, async () => {
    expect(await untranslated(browser.page, routeTable(biller))).toEqual([]);
  });

  it('shows only catalogue text and data while logged in', { timeout: 300_000 }, async () => {
    await signInThroughApi(browser.page, system.apiUrl, system.sandboxUrl);
    expect(await untranslated(browser.page, routeTable(biller))).toEqual([]);
  });

  it('catches a text that is not from a catalogue', async () => {
    await browser.page.goto(`${system.apiUrl}/?pseudo`);
    await settle(browser.page);
    await browser.page.evaluate(() => document.querySelector('main')?.append('Pay your bill'));
    const texts = await textsOf(browser.page);
    expect(texts.filter((text) => !translatedOrData(text, fromNetwork))).toContain('Pay your bill');
  });
});
