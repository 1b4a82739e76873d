import { describe, expect, inject, it } from 'vitest';
import {
  confirmedTxnReferenceId,
  downloadReceipt,
  fetchBillAndProceed,
  orderIdOf,
  payerSuite,
  payOnGateway,
} from '../support/bill-payment.ts';
import { keyboard } from '../support/keyboard.ts';
import { fileForReview, screenshotForReview } from '../support/screenshots.ts';
import { openAccountMenuItem } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const payer = payerSuite();

describe('paying an electricity bill by card (PayU)', () => {
  it('pays the bill, shows the B-Connect Txn ID in /txn, downloads the receipt and marks the saved bill paid, with the keyboard alone', async () => {
    const { browser, biller } = payer;
    const { page } = browser;
    await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber('2345'), keyboard);
    const summary = page.getByRole('region', { name: 'You are paying' });
    await summary.getByText('Total', { exact: true }).waitFor();
    expect(await summary.getByText('Convenience fee', { exact: true }).isVisible()).toBe(true);
    expect(await summary.getByText(biller.billerName).isVisible()).toBe(true);

    await payOnGateway(page, sandboxUrl, 'PayU', 'Success', keyboard);

    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const txnReferenceId = await confirmedTxnReferenceId(page);
    expect(txnReferenceId).toMatch(/^[A-Z0-9]{20}$/);

    await openAccountMenuItem(page, 'Transaction', keyboard);
    await page.waitForURL(`${apiUrl}/txn`);
    const row = page.getByRole('row').filter({ hasText: txnReferenceId });
    await row.waitFor();
    expect(await row.getByText('Successful').isVisible()).toBe(true);
    expect(await row.getByText(biller.billerName).isVisible()).toBe(true);

    await keyboard.activate(row.getByRole('link', { name: 'Receipt' }));
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    expect(await page.getByText(txnReferenceId).first().isVisible()).toBe(true);
    await screenshotForReview(page, 'en-receipt');
    const pdf = await downloadReceipt(page, orderId, keyboard);
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toContain(txnReferenceId);
    fileForReview('en-receipt.pdf', Buffer.from(pdf, 'latin1'));

    // Back on the category's page, Recent Bills tells the customer this bill is paid.
    await page.goto(`${apiUrl}/services/utilities/${encodeURIComponent(biller.billerCategoryName)}`);
    await page
      .getByRole('region', { name: 'Recent Bills' })
      .getByText(/^Paid on /)
      .waitFor();
  });

  it('comes back to Payment Failed when the card payment fails, says no money was taken, and the order shows Failed', async () => {
    const { browser, biller } = payer;
    const { page } = browser;
    await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber('3456'));
    await payOnGateway(page, sandboxUrl, 'PayU', 'Failure');

    await page.waitForURL(`${apiUrl}/payment-failure?**`);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('Failed', { exact: true }).waitFor();
    // PayU confirmed the decline: nothing was taken, so nothing is promised back (issue 36 item 1).
    await page.getByText('No money was taken from your account.', { exact: true }).waitFor();
    expect(await page.getByText('The amount will be refunded within 2 days.').count()).toBe(0);
    await screenshotForReview(page, 'en-payu-declined');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForURL(`${apiUrl}/`);
  });
});
