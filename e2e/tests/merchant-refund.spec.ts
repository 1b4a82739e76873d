import type { PaymentStatusResponse } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchBillAndProceed, payOnGateway } from '../support/bill-payment.ts';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { chooseDeviceLanguage, messageOf } from '../support/catalogues.ts';
import { findFetchBiller } from '../support/fetch-biller.ts';
import { keyboard } from '../support/keyboard.ts';
import { screenshotForReview } from '../support/screenshots.ts';
import { E2E_MERCHANT_EMAIL } from '../support/servers.ts';
import {
  newTestUser,
  openAccountMenuItem,
  registerThroughApi,
  type SignedInUser,
  signInThroughApi,
  storeSession,
} from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Pays an electricity bill through PhonePe with the keyboard; answers the order's merchantOrderId. */
async function payBillWithPhonepe(): Promise<string> {
  const { page } = browser;
  const biller = await findFetchBiller(apiUrl);
  await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber('6789'), keyboard);
  await payOnGateway(page, sandboxUrl, 'PhonePe', 'Success', keyboard);
  await page.waitForURL(`${apiUrl}/phonepe/status/**`);
  await page.getByRole('dialog', { name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
}

let merchantAccount: Promise<SignedInUser> | undefined;
/** The e2e system's merchant, registered once for the journeys of this file. */
const theMerchant = () => {
  merchantAccount ??= registerThroughApi(apiUrl, sandboxUrl, {
    ...newTestUser('merchant'),
    email: E2E_MERCHANT_EMAIL,
  });
  return merchantAccount;
};

/** An api call with a signed-in user's bearer token. */
async function callApi<T>(user: SignedInUser, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.Token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Rupees as the site writes them in `locale`: '₹1,234.50'. */
const rupees = (paise: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' }).format(paise / 100);

describe('the merchant dashboard', () => {
  it('refunds a successful order found by its id, and shows the refund go from PENDING to COMPLETED, with the keyboard alone', async () => {
    const { page } = browser;
    await storeSession(page, apiUrl, await theMerchant());
    const merchantOrderId = await payBillWithPhonepe();

    // A merchant reaches the dashboard from the account menu, not by typing /merchant.
    await page.goto(`${apiUrl}/`);
    await openAccountMenuItem(page, 'Merchant Dashboard', keyboard);
    await page.waitForURL(`${apiUrl}/merchant`);
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
    await keyboard.fill(page.getByLabel('Search by order ID'), merchantOrderId);
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: merchantOrderId });
    await row.getByText('COMPLETED').waitFor();
    // The list of every order stays until the search's answer replaces it.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    await keyboard.activate(row.getByRole('button', { name: `View ${merchantOrderId}` }));
    const details = page.getByRole('dialog', { name: 'Transaction details' });
    await keyboard.activate(details.getByRole('button', { name: 'Initiate Refund' }));
    await details.getByText('Please enter a remark').waitFor();
    await keyboard.fill(details.getByLabel('Refund remark'), 'Customer paid this bill twice');
    await keyboard.activate(details.getByRole('button', { name: 'Initiate Refund' }));
    await keyboard.activate(
      page.getByRole('dialog', { name: 'Confirm refund' }).getByRole('button', { name: 'Confirm Refund' }),
    );

    await page.getByText(`for order ${merchantOrderId} initiated`).waitFor();
    const refunds = page.getByRole('tab', { name: 'Refunds' });
    expect(await refunds.getAttribute('aria-selected')).toBe('true');
    const refundRow = page.getByRole('row').filter({ hasText: merchantOrderId });
    await refundRow.getByText('PENDING', { exact: true }).waitFor();
    expect(await refundRow.getByText('Customer paid this bill twice').isVisible()).toBe(true);
    expect(await refundRow.getByText('T+0 of T+5').isVisible()).toBe(true);
    expect(await refundRow.getByText(E2E_MERCHANT_EMAIL).isVisible()).toBe(true);

    // The gateway completes the refund a few seconds later; reconciliation notices; Refresh shows it.
    const deadline = Date.now() + 60_000;
    while (!(await refundRow.getByText('COMPLETED').isVisible())) {
      if (Date.now() > deadline) throw new Error('the refund never completed');
      await page.waitForTimeout(2_000);
      await keyboard.activate(page.getByRole('button', { name: 'Refresh' }));
      await page.getByRole('button', { name: 'Refresh' }).waitFor();
    }
    expect(await refundRow.getByText('Done on T+0').isVisible()).toBe(true);

    await keyboard.chooseItem(page.getByRole('tab', { name: 'Transactions' }));
    await page.getByRole('row').filter({ hasText: merchantOrderId }).getByText('REFUNDED').waitFor();
  });

  it("a refund of 60% reads as a partial refund on the customer's receipt, history and status, in English and Tamil", async () => {
    const { page } = browser;
    const merchant = await theMerchant();
    const customer = await signInThroughApi(page, apiUrl, sandboxUrl);
    const merchantOrderId = await payBillWithPhonepe();
    const paid = await callApi<PaymentStatusResponse>(customer, '/phonepe/pay/status', { merchantOrderId });
    const [whole = '0', part = '0'] = paid.amount.split('.');
    const totalPaise = Number(whole) * 100 + Number(part);
    const refundPaise = Math.round(totalPaise * 0.6);
    await callApi(merchant, '/phonepe/refund', {
      merchantOrderId,
      refundNote: 'Part of the month was not served',
      amount: refundPaise,
    });
    await fetch(`${sandboxUrl}/phonepe/_sandbox/settle`, { method: 'POST' });
    await expect
      .poll(
        async () =>
          (await callApi<PaymentStatusResponse>(customer, '/phonepe/pay/status', { merchantOrderId })).money
            .state,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('partly-refunded');

    await page.goto(`${apiUrl}/receipt/${paid.orderId}`);
    expect(await page.locator('dt:text-is("Status") + dd').textContent()).toBe('Partly refunded');
    await page
      .getByText(
        'Paid through Bharat Connect · part of this payment has been refunded to your original payment method.',
      )
      .waitFor();
    await screenshotForReview(page, 'en-receipt-partly-refunded');
    await page.goto(`${apiUrl}/txn`);
    const row = page.getByRole('row').filter({ has: page.locator(`a[href="/receipt/${paid.orderId}"]`) });
    await row.getByText('Partly refunded', { exact: true }).waitFor();
    expect(await row.getByText('Refunded', { exact: true }).count()).toBe(0);

    // In Tamil: the receipt's status, and the status modal's sentence with both amounts and the day.
    await chooseDeviceLanguage(page, apiUrl, 'ta');
    try {
      await page.goto(`${apiUrl}/receipt/${paid.orderId}`);
      await page
        .getByText(messageOf('ta', 'payments.status.partlyRefunded'), { exact: true })
        .first()
        .waitFor();
      await screenshotForReview(page, 'ta-receipt-partly-refunded');
      const done = await callApi<PaymentStatusResponse>(customer, '/phonepe/pay/status', { merchantOrderId });
      await page.goto(`${apiUrl}/phonepe/status/${merchantOrderId}`);
      const dialog = page.getByRole('dialog', { name: messageOf('ta', 'spec.payment.success') });
      await dialog.waitFor({ timeout: 30_000 });
      const day = new Intl.DateTimeFormat('ta-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' });
      const sentence = messageOf('ta', 'payments.statusDialog.sentence.partlyRefunded', {
        known: 'yes',
        biller: paid.billerName ?? '',
        amount: rupees(totalPaise, 'ta-IN'),
        refund: rupees(refundPaise, 'ta-IN'),
        date: day.format(new Date(done.money.refundedAt ?? '')),
      });
      await dialog.getByText(sentence).waitFor();
      await dialog.getByRole('link', { name: messageOf('ta', 'payments.outcome.viewReceipt') }).waitFor();
      await screenshotForReview(page, 'ta-status-modal-partly-refunded');
    } finally {
      await chooseDeviceLanguage(page, apiUrl, 'en');
    }
  });

  it('refuses a signed-in user who is not a merchant', async () => {
    const { page } = browser;
    await signInThroughApi(page, apiUrl, sandboxUrl);
    const profileRead = page.waitForResponse((response) => response.url().includes('/api/users/profile/'));
    await page.goto(`${apiUrl}/`);
    expect((await (await profileRead).json()).role).toBe('user');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Merchant Dashboard' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${apiUrl}/merchant`);
    await page.getByRole('heading', { name: 'You are not allowed to open the merchant dashboard' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
  });

  it('sends a logged-out visitor to the login page first', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${apiUrl}/merchant`);
    await page.waitForURL(`${apiUrl}/login?from=%2Fmerchant`);
  });
});
