import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseGatewayOutcome, downloadReceipt, orderIdOf } from '../support/bill-payment.ts';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { type Hands, keyboard, mouse } from '../support/keyboard.ts';
import { openAccountMenuItem, type SignedInUser, signInThroughApi } from '../support/session.ts';

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
async function payOnTestPage(amount: string, hands: Hands): Promise<void> {
  const { page } = browser;
  await page.goto(`${apiUrl}/bbps`);
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await hands.fill(page.getByLabel('Email'), user.email);
  await hands.fill(page.getByLabel('Contact'), user.phone);
  expect(await payNow.isDisabled()).toBe(true);
  await hands.fill(page.getByLabel('Amount (₹)'), amount);
  expect(await payNow.isEnabled()).toBe(true);
  await hands.activate(payNow);
  await page.waitForURL(`${sandboxUrl}/razorpay/**`);
}

describe('the test payment page (Razorpay checkout)', () => {
  it('pays, returns to Payment Successful, lists the payment and downloads the receipt, with the keyboard alone', async () => {
    const { page } = browser;
    await payOnTestPage('149.50', keyboard);
    await page.getByRole('heading', { name: /149\.50/ }).waitFor();
    await chooseGatewayOutcome(page, 'Success', keyboard);

    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('Successful', { exact: true }).waitFor({ timeout: 30_000 });

    await openAccountMenuItem(page, 'Transaction', keyboard);
    const row = page.getByRole('row').filter({ hasText: '₹149.50' });
    await row.getByText('Successful').waitFor();
    await keyboard.activate(row.getByRole('link', { name: 'Receipt' }));
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    const pdf = await downloadReceipt(page, orderId, keyboard);
    expect(pdf.startsWith('%PDF')).toBe(true);
  });

  it('returns to Payment Failed when the payment fails', async () => {
    const { page } = browser;
    await payOnTestPage('20', mouse);
    await chooseGatewayOutcome(page, 'Failure');
    await page.waitForURL(`${apiUrl}/payment-failure**`);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    // Razorpay confirmed the failure: nothing was taken, so no refund is promised (issue 36, decision 108).
    await page.getByText('No money was taken from your account.', { exact: true }).waitFor();
    expect(await page.getByText('The amount will be refunded within 2 days.').count()).toBe(0);
  });
});
