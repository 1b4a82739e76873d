import { paymentMessages } from '@erti/contracts';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  confirmedTxnReferenceId,
  fetchBillAndProceed,
  orderIdOf,
  payerSuite,
} from '../support/bill-payment.ts';

/**
 * Issue 27 item 5: a bill paid on a weak mobile network (the DevTools protocol's network conditions:
 * 400 ms round trips, about 400 kbit/s down and 200 up, as a busy 3G cell gives), with the screens
 * that wait for the api showing their progress within 100 ms of the customer's press.
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const payer = payerSuite();

const WEAK_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 25_000 };
const PROGRESS_WITHIN_MS = 100;

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', WEAK_3G);
  return cdp;
}

/**
 * Presses the button named `name` in the page itself and measures, on the page's own clock, how long
 * until something says the call is under way (a busy button or a progress status); -1 if nothing
 * does within 2 s. Measured in the page so the DevTools round trips do not count.
 */
async function msUntilProgress(page: Page, name: string): Promise<number> {
  const button = page.getByRole('button', { name });
  return button.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const check = () => {
          const elapsed = performance.now() - start;
          if (document.querySelector('[aria-busy="true"], [role="progressbar"]')) return resolve(elapsed);
          if (elapsed > 2000) return resolve(-1);
          requestAnimationFrame(check);
        };
        (element as HTMLButtonElement).click();
        requestAnimationFrame(check);
      }),
  );
}

describe('a bill payment on a weak network', () => {
  it('shows progress within 100 ms at each wait and ends on the confirmed payment', {
    timeout: 240_000,
  }, async () => {
    const { browser, biller } = payer;
    const { page } = browser;
    const cdp = await throttle(page);
    try {
      const path = `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;
      const opening = Date.now();
      await page.goto(`${apiUrl}${path}`, { timeout: 60_000 });
      // The conditions hold: the page's document alone takes a throttled round trip.
      expect(Date.now() - opening).toBeGreaterThan(WEAK_3G.latency);
      await page.getByLabel(biller.paramName, { exact: true }).fill(biller.customerNumber('2391'));

      const fetchMs = await msUntilProgress(page, 'Submit');
      expect(fetchMs, 'the bill fetch').toBeGreaterThanOrEqual(0);
      expect(fetchMs, 'the bill fetch').toBeLessThan(PROGRESS_WITHIN_MS);
      await page.getByText('BILLER DETAILS').waitFor({ timeout: 60_000 });

      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      await page.waitForURL(`${apiUrl}/payment-selection`, { timeout: 60_000 });
      await page.getByRole('button', { name: 'Pay with PayU' }).waitFor({ timeout: 60_000 });
      const payMs = await msUntilProgress(page, 'Pay with PayU');
      expect(payMs, 'the payment hand-off').toBeGreaterThanOrEqual(0);
      expect(payMs, 'the payment hand-off').toBeLessThan(PROGRESS_WITHIN_MS);
      await page.waitForURL(`${sandboxUrl}/payu/**`, { timeout: 60_000 });
      await page.getByRole('button', { name: 'Success', exact: true }).click();

      await page.waitForURL(`${apiUrl}/payment-success?**`, { timeout: 60_000 });
      expect(orderIdOf(page.url())).not.toBe('');
      expect(await confirmedTxnReferenceId(page)).toMatch(/^[A-Z0-9]{20}$/);
    } finally {
      await cdp.send('Network.emulateNetworkConditions', {
        ...WEAK_3G,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    }
  });

  it('brings a payment left at the gateway back to its status when the page is reopened, never to a second payment', async () => {
    const { browser, biller } = payer;
    const number = biller.customerNumber('2392');
    await fetchBillAndProceed(browser.page, apiUrl, biller, number);
    await browser.page.getByRole('button', { name: 'Pay with PayU' }).click();
    await browser.page.waitForURL(`${sandboxUrl}/payu/**`);
    // The phone's tab is closed on the gateway's page, and the site opened again.
    await browser.page.close();
    const page = await browser.context.newPage();
    await fetchBillAndProceed(page, apiUrl, biller, number);
    await page.getByRole('button', { name: 'Pay with PayU' }).click();
    await page.getByText(paymentMessages.paymentInProgress).waitFor();
    expect(page.url()).toBe(`${apiUrl}/payment-selection`);
    await page.getByRole('link', { name: 'View that payment' }).click();
    await page.waitForURL(`${apiUrl}/receipt/**`);
    await page.getByText('Payment pending').first().waitFor();
    browser.page = page;
  });
});
