import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseGatewayOutcome, downloadReceipt, orderIdOf } from '../support/bill-payment.ts';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { type SignedInUser, signInThroughApi } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
let browser: BrowserSession;
let user: SignedInUser;

beforeAll(async () => {
  browser = await openBrowser();
  user = await signInThroughApi(browser.page, apiUrl, sandboxUrl);
});
afterAll(async () => {
  await browser?.close();
});

/** Fills the test payment page ('Pay Now' waits for all three fields) and pays. */
async function payOnTestPage(amount: string): Promise<void> {
  const { page } = browser;
  await page.goto(`${apiUrl}/bbps`);
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contact').fill(user.phone);
  expect(await payNow.isDisabled()).toBe(true);
  await page.getByLabel('Amount (₹)').fill(amount);
  expect(await payNow.isEnabled()).toBe(true);
  await payNow.click();
  await page.waitForURL(`${sandboxUrl}/razorpay/**`);
}

describe('the test payment page (Razorpay checkout)', () => {
  it('pays, returns to Payment Successful, lists the payment and downloads the receipt', async () => {
    const { page } = browser;
    await payOnTestPage('149.50');
    await page.getByRole('heading', { name: /149\.50/ }).waitFor();
    await chooseGatewayOutcome(page, 'Success');

    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('Successful', { exact: true }).waitFor({ timeout: 30_000 });

    await page.goto(`${apiUrl}/txn`);
    const row = page.getByRole('row').filter({ hasText: '₹149.50' });
    await row.getByText('Successful').waitFor();
    await row.getByRole('link', { name: 'Receipt' }).click();
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    const pdf = await downloadReceipt(page, orderId);
    expect(pdf.startsWith('%PDF')).toBe(true);
  });

  it('returns to Payment Failed when the payment fails', async () => {
    const { page } = browser;
    await payOnTestPage('20');
    await chooseGatewayOutcome(page, 'Failure');
    await page.waitForURL(`${apiUrl}/payment-failure**`);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('The amount will be refunded within 2 days.').waitFor();
  });
});
