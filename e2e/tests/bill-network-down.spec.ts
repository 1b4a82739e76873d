import { LANGUAGES } from '@erti/contracts/languages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { catalogueReady } from '../support/catalogue.ts';
import { catalogueOf } from '../support/catalogues.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { billEntryPath } from '../support/routes.ts';
import { screenshotForReview } from '../support/screenshots.ts';
import { type RunningSystem, startSystem } from '../support/servers.ts';
import { signInThroughApi } from '../support/session.ts';

/**
 * Issue 35 item 10, as a customer meets it (decision 110): while the Bharat Connect network does not
 * answer (the sandbox's `/bou` answers every call 503), one banner says so on every page, in the
 * customer's language, before they try a fetch and at once when one fails; it goes by itself once the
 * network answers again, and the fetch then works. A system of its own, its probe asking every second,
 * so that the shared system's network is never taken down under another journey.
 */
let system: RunningSystem;
let browser: BrowserSession;
let biller: FetchBiller;

beforeAll(async () => {
  system = await startSystem({ WEB_DIST_DIR: inject('webDist'), BBPS_PROBE_SECONDS: '1' });
  browser = await openBrowser({ mobile: true });
  await catalogueReady(system.apiUrl);
  biller = await findFetchBiller(system.apiUrl);
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

const english = catalogueOf('en');
const hindi = catalogueOf('hi');
const switchLabel = new RegExp(
  `^(${LANGUAGES.map((language) => catalogueOf(language)('app.language.label')).join('|')})$`,
);

/** The banner's words in a language, as the page shows them (its bold opening as plain text). */
const bannerText = (say: typeof english) =>
  say('offline.billNetwork.text', { strong: ((chunks: string[]) => chunks.join('')) as never });
/** Its opening sentence, the one in bold. */
const bannerTitle = (say: typeof english) => bannerText(say).split(/(?<=[.।])\s/)[0] ?? '';

/** The banner as a customer and a screen reader meet it: words in a live region. */
const banner = (page: Page, say: typeof english) =>
  page.getByRole('status').filter({ hasText: bannerTitle(say) });

async function networkDown() {
  const response = await fetch(`${system.sandboxUrl}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/bou', kind: 'error', status: 503 }),
  });
  expect(response.status).toBe(201);
}
const networkBack = () => fetch(`${system.sandboxUrl}/faults`, { method: 'DELETE' });

/** Waits until the api's status call says `state` (its probe asks the network every second here). */
async function apiSays(state: 'up' | 'down') {
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${system.apiUrl}/api/status`)).json()) as { billNetwork: string }).billNetwork,
      { timeout: 30_000, interval: 250 },
    )
    .toBe(state);
}

describe('the bill network down', () => {
  it('shows one banner in English and Hindi while it is down, not just a failed fetch, and none once it is back', async () => {
    const { page } = browser;
    await signInThroughApi(page, system.apiUrl, system.sandboxUrl);
    await apiSays('up');
    await page.goto(`${system.apiUrl}${billEntryPath(biller)}`);
    const field = page.getByLabel(biller.paramName, { exact: true });
    await field.waitFor();
    expect(await banner(page, english).count()).toBe(0);

    // The network goes while the customer is on the fetch screen: their fetch fails, and the banner
    // says why at once (the screen asks the api again when a fetch gets no answer from the network).
    await networkDown();
    try {
      const number = biller.customerNumber('4321');
      await field.fill(number);
      await page.getByRole('button', { name: english('bills.entry.submit') }).click();
      await banner(page, english).waitFor({ timeout: 15_000 });
      expect(await banner(page, english).textContent()).toBe(bannerText(english));
      // Still the fetch screen, the number as typed, ready to try again.
      expect(await field.inputValue()).toBe(number);
      await screenshotForReview(page, 'en-bill-network-down');

      // Opened afresh in Hindi, while the network is still down: the banner is there before any fetch.
      await apiSays('down');
      // On a phone the language switch is in the menu.
      await page.getByRole('button', { name: english('app.nav.menu'), exact: true }).click();
      await page.locator('#mobile-menu').getByLabel(switchLabel).selectOption('hi');
      await page.locator('html[lang="hi"]').waitFor();
      await page.reload();
      await banner(page, hindi).waitFor({ timeout: 15_000 });
      expect(bannerTitle(hindi)).not.toBe(bannerTitle(english));
      await screenshotForReview(page, 'hi-bill-network-down');
    } finally {
      await networkBack();
    }

    // Back: the banner goes by itself (the page asks every 10 s while it is up), and the fetch works.
    await apiSays('up');
    await banner(page, hindi).waitFor({ state: 'detached', timeout: 30_000 });
    await field.fill(biller.customerNumber('4321'));
    await page.getByRole('button', { name: hindi('bills.entry.submit') }).click();
    await page.getByRole('heading', { name: hindi('bills.details.title') }).waitFor();
    expect(await banner(page, hindi).count()).toBe(0);
  }, 300_000);
});
