import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { signInThroughApi } from '../support/session.ts';
import { holdScripts } from '../support/weak-network.ts';

/**
 * Issue 37 item 1 (decision 118): on a phone's slow network a prerendered page is drawn seconds before
 * React has it. What the customer types then stays typed through hydration and reaches the form's
 * state; a press then is made once the page is live. The network is the DevTools protocol's (400 ms
 * round trips, about 400 kbit/s each way); the page's JavaScript is also held until the customer has
 * typed and pressed, so a quick machine cannot make the page live first, and the test checks that it
 * was not live at each step rather than racing a clock.
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');

const SLOW_PHONE_NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};

const mobileNumber = '9876543210';
let browser: BrowserSession;
let biller: FetchBiller;

beforeAll(async () => {
  browser = await openBrowser({ mobile: true, serviceWorkers: 'block' });
  biller = await findFetchBiller(apiUrl);
});
afterAll(async () => {
  await browser?.close();
});

const isLive = (page: Page) => page.evaluate(() => 'live' in document.documentElement.dataset);

/**
 * Opens `path` on the slow network with its JavaScript held back and, at its first paint, does what
 * `before` does, checked to be done before the page was live; then lets the JavaScript through and,
 * once the page is live, does what `after` does.
 */
async function usedBeforeLive(
  path: string,
  before: (page: Page) => Promise<void>,
  after: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await browser.context.newPage();
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE_NETWORK);
    const letThrough = await holdScripts(page);
    // Resolves once the page is live (support/browser.ts waits for `<html data-live>` after a goto).
    const opening = page.goto(`${apiUrl}${path}`);
    opening.catch(() => {});
    await page.locator('h1').first().waitFor();
    await before(page);
    expect(await isLive(page), 'done before the page was live').toBe(false);
    letThrough();
    await opening;
    await after(page);
  } finally {
    await cdp.detach();
    await page.close();
  }
}

describe('a prerendered page used before its JavaScript has run, on a slow network', () => {
  it('keeps the mobile number typed at first paint, acts on Proceed pressed then, and goes on to payment', {
    timeout: 180_000,
  }, async () => {
    await signInThroughApi(browser.page, apiUrl, sandboxUrl);
    const number = (page: Page) => page.getByLabel('Mobile Number');
    await usedBeforeLive(
      '/services/recharge/Mobile%20Prepaid',
      async (page) => {
        await number(page).pressSequentially(mobileNumber);
        expect(await isLive(page), 'typed before the page was live').toBe(false);
        expect(await number(page).inputValue()).toBe(mobileNumber);
        // `force`: Proceed says aria-disabled while fields are missing, yet a press on it is acted on.
        await page.getByRole('button', { name: 'Proceed' }).click({ force: true });
        expect(new URL(page.url()).pathname, 'no native submission').toBe(
          '/services/recharge/Mobile%20Prepaid',
        );
      },
      async (page) => {
        // The press, made once live, found the number in the form's state: it asks for the operator.
        await page.getByText('Please fill in all the fields.').first().waitFor();
        const operator = page.getByRole('combobox', { name: 'Operator' });
        await expect
          .poll(() => operator.evaluate((element) => element === document.activeElement))
          .toBe(true);
        expect(await number(page).inputValue()).toBe(mobileNumber);

        await operator.fill('jio');
        await page
          .getByRole('option', { name: /\bjio\b/i })
          .first()
          .click();
        const circle = page.getByLabel('Circle');
        await expect.poll(() => circle.isEnabled(), { timeout: 60_000 }).toBe(true);
        await circle.selectOption('Mumbai');
        // A phone's plan cards: the first plan's Select.
        await page.getByRole('list', { name: 'Plans' }).getByRole('button').first().click();
        await page.getByRole('button', { name: 'Proceed' }).click();
        await page.waitForURL(`${apiUrl}/payment-selection`);
        const customerParams = await page.evaluate(
          () => window.history.state?.usr?.validationReq?.billDetails?.customerParams,
        );
        expect(customerParams).toContainEqual({ name: 'Mobile Number', value: mobileNumber });
      },
    );
  });

  it("keeps a biller's name typed into a service's search at first paint and shows that biller once live", {
    timeout: 180_000,
  }, async () => {
    const search = (page: Page) => page.getByPlaceholder('Search your biller here');
    await usedBeforeLive(
      '/services/utilities/Electricity',
      (page) => search(page).pressSequentially(biller.billerName),
      async (page) => {
        expect(await search(page).inputValue()).toBe(biller.billerName);
        const found = page.getByRole('main').getByRole('link', { name: biller.billerName, exact: true });
        await found.waitFor();
        await found.click();
        await page.getByLabel(biller.paramName, { exact: true }).waitFor();
        expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(
          `/services/utilities/${biller.billerCategoryName}/${biller.billerName}`,
        );
      },
    );
  });

  it('keeps a search for a service typed at first paint and lists its choices once live', {
    timeout: 180_000,
  }, async () => {
    const box = (page: Page) => page.getByRole('combobox', { name: 'Search for a service or a biller' });
    await usedBeforeLive(
      '/services',
      (page) => box(page).pressSequentially('adani'),
      async (page) => {
        expect(await box(page).inputValue()).toBe('adani');
        await page
          .getByRole('listbox', { name: 'Search for a service or a biller' })
          .getByRole('option', { name: /Adani Electricity Mumbai Limited/ })
          .waitFor();
      },
    );
  });
});
