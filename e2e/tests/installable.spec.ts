import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseGatewayOutcome, downloadReceipt, orderIdOf } from '../support/bill-payment.ts';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { openAccountMenuItem, type SignedInUser, signInThroughApi } from '../support/session.ts';

/**
 * Issue 27, items 3 and 4 (decision 081): Chromium finds the site installable; without a network the
 * site opens to the app shell, a screen that needs the api says so, and a receipt (and its PDF) the
 * customer opened before opens from the transactions list; logout leaves none of it on the device.
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const webDist = inject('webDist');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: BrowserSession;
let user: SignedInUser;

beforeAll(async () => {
  browser = await openBrowser();
  user = await signInThroughApi(browser.page, apiUrl, sandboxUrl);
});
afterAll(async () => {
  await browser?.context.setOffline(false);
  await browser?.close();
});

/** Every request and response URL in Cache Storage, by cache name. */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      contents[name] = (await cache.keys()).map((request) => request.url);
    }
    return contents;
  });
}

/** The rules axe-core finds seriously or critically broken on the page as it is now. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Results = { violations: { id: string; impact?: string }[] };
    const { violations } = await (window as unknown as { axe: { run(): Promise<Results> } }).axe.run();
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
  });
}

/** Pays ₹amount on the test payment page (Razorpay sandbox, outcome Success); answers the order id. */
async function payTestPayment(page: Page, amount: string): Promise<string> {
  await page.goto(`${apiUrl}/bbps`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contact').fill(user.phone);
  await page.getByLabel('Amount (₹)').fill(amount);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL(`${sandboxUrl}/razorpay/**`);
  await chooseGatewayOutcome(page, 'Success');
  await page.waitForURL(`${apiUrl}/payment-success?**`);
  const orderId = orderIdOf(page.url());
  await page.getByText('Successful', { exact: true }).waitFor({ timeout: 30_000 });
  return orderId;
}

describe('installable, and receipts that open offline', () => {
  it('has a manifest and a service worker that Chromium accepts for installing', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/`);
    // The service worker is registered after the page's load and takes the page once installed.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    const devTools = await page.context().newCDPSession(page);
    const { installabilityErrors } = await devTools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await devTools.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${apiUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as { name: string; display: string; icons: unknown[] };
    expect(parsed).toMatchObject({ name: 'Erti Pay', display: 'standalone', start_url: '/' });
    await devTools.detach();
  });

  it('opens offline to the app shell, says what needs the network, and opens a receipt opened before', async () => {
    const { page, context } = browser;
    const orderId = await payTestPayment(page, '212.75');

    // Online: the customer opens the receipt from the transactions list and downloads its PDF.
    await openAccountMenuItem(page, 'Transaction');
    await page.getByRole('row').filter({ hasText: '₹212.75' }).getByRole('link', { name: 'Receipt' }).click();
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    expect((await downloadReceipt(page, orderId)).startsWith('%PDF')).toBe(true);
    // The worker saves an answer after handing it to the page.
    await expect.poll(async () => (await cacheContents(page))['erti-saved-receipts']?.length).toBe(2);
    const saved = await cacheContents(page);
    expect(saved['erti-saved-receipts']?.map((url) => new URL(url).pathname).sort()).toEqual([
      `/api/orders/${orderId}`,
      `/api/orders/${orderId}/receipt.pdf`,
    ]);
    // Kept under the token's hash, never the token; no other api answer in any cache.
    const everything = Object.values(saved).flat();
    expect(everything.some((url) => url.includes(user.Token))).toBe(false);
    const apiAnswers = everything.filter((url) => new URL(url).pathname.startsWith('/api/'));
    expect(apiAnswers).toHaveLength(2);

    await context.setOffline(true);

    // The app shell, with the notice of what waits for the network.
    await page.goto(`${apiUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByText('You are offline.').waitFor();

    // A screen that needs the api says so in plain words, with a retry that checks the connection.
    await page.goto(`${apiUrl}/services/utilities/Electricity`);
    await page.getByText('You are offline.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The notice's retry, the page's only one (the billers and Recent Bills say they did not load, decision 095).
    const notice = page.getByText('You are offline.').locator('xpath=ancestor::div[1]');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Still no connection. Please try again in a moment.').waitFor();
    // A receipt never opened on this phone is not there (the network really is off for the worker too).
    await page.goto(`${apiUrl}/receipt/ord_neveropened00001`);
    await page.getByText('We could not load this receipt.').waitFor();

    // The transactions list cannot load, but lists the receipt saved on this phone, which opens.
    await page.goto(`${apiUrl}/txn`);
    await page.getByRole('heading', { name: 'Receipts on this phone' }).waitFor();
    await page.getByRole('link', { name: /Receipt: .*₹212\.75/ }).click();
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    await page.getByText(orderId, { exact: true }).waitFor();
    expect((await downloadReceipt(page, orderId)).startsWith('%PDF')).toBe(true);

    // Logout deletes every saved receipt; what stays is the app shell of this release.
    await context.setOffline(false);
    await openAccountMenuItem(page, 'Logout');
    await page.waitForURL(`${apiUrl}/login`);
    await expect
      .poll(async () => Object.keys(await cacheContents(page)), { timeout: 10_000 })
      .not.toContain('erti-saved-receipts');
    const left = Object.values(await cacheContents(page)).flat();
    expect(left.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    expect(left.some((url) => url.includes(orderId))).toBe(false);
  });

  it('offers a new release with "Update available" and never swaps it under a half-filled form', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/contact`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByLabel('Name', { exact: true }).fill('Asha Raman');
    await page.getByLabel('Message', { exact: true }).fill('Half a message');

    // A new release of the worker is published while the customer types.
    const workerFile = join(webDist, 'sw.js');
    const released = readFileSync(workerFile, 'utf8');
    writeFileSync(workerFile, `${released}\n// the next release\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByText('Update available.').waitFor();
      // Installed and waiting: the page and its form are as the customer left them.
      expect(
        await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      ).toBe(true);
      expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Half a message');

      // The customer chooses when: the new worker takes over and the page reloads on it.
      await page.getByRole('button', { name: 'Update now' }).focus();
      await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
      ).toBeFalsy();
      await page.getByLabel('Message', { exact: true }).waitFor();
      expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
      expect(await page.getByText('Update available.').count()).toBe(0);
    } finally {
      writeFileSync(workerFile, released);
    }
  });
});
