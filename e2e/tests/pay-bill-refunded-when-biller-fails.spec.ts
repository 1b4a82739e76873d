import { describe, expect, inject, it } from 'vitest';
import { fetchBillAndProceed, orderIdOf, payerSuite, payOnGateway } from '../support/bill-payment.ts';
import { chooseDeviceLanguage, messageOf } from '../support/catalogues.ts';
import { keyboard } from '../support/keyboard.ts';
import { screenshotForReview } from '../support/screenshots.ts';
import { openAccountMenuItem } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const payer = payerSuite();

describe('charged, but the bill network refuses the payment', () => {
  it('refunds the charge on its own and says so, without the user doing anything (keyboard alone)', async () => {
    const { browser, biller } = payer;
    const { page } = browser;
    // Consumer numbers ending 0009 are refused by the sandbox network at payment time.
    await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber('0009'), keyboard);
    await payOnGateway(page, sandboxUrl, 'PayU', 'Success', keyboard);

    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    // The page follows the order: the biller's refusal turns it into a failed, refunded payment.
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor({ timeout: 30_000 });
    await page.getByText('The amount will be refunded within 2 days.').waitFor();
    await page.getByText('Refunded', { exact: true }).waitFor({ timeout: 60_000 });
    // Once the money is back, the page says so, with the amount and the day, and no longer promises it
    // (issue 36 item 1): the heading's line and the amount agree, and the way on is Try Again.
    await page.getByText('Your money has been refunded.').waitFor();
    expect(await page.getByText('The amount will be refunded within 2 days.').count()).toBe(0);
    const refunded = await page
      .getByText(/^₹[\d,]+\.\d{2} was refunded to your original payment method on /)
      .textContent();
    const total = await page.locator('dt:text-is("Amount refunded") + dd').textContent();
    expect(refunded?.startsWith(`${total} was refunded`)).toBe(true);
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue Shopping' }).count()).toBe(0);
    await screenshotForReview(page, 'en-biller-refused-refunded');

    // The same page in Hindi: the heading's line says the money came back, in the customer's language.
    await chooseDeviceLanguage(page, apiUrl, 'hi');
    await page.reload();
    await page.getByRole('heading', { name: messageOf('hi', 'spec.payment.failure') }).waitFor();
    await page.getByText(messageOf('hi', 'payments.outcome.refunded')).waitFor();
    expect(await page.getByText(messageOf('hi', 'spec.payment.failureRefundText')).count()).toBe(0);
    await page.getByRole('button', { name: messageOf('hi', 'payments.outcome.tryAgain') }).waitFor();
    await screenshotForReview(page, 'hi-biller-refused-refunded');
    await chooseDeviceLanguage(page, apiUrl, 'en');
    await page.reload();
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();

    await openAccountMenuItem(page, 'Transaction', keyboard);
    const row = page.getByRole('row').filter({ has: page.locator(`a[href="/receipt/${orderId}"]`) });
    await row.getByText('Refunded').waitFor();
    await keyboard.activate(row.getByRole('link', { name: 'Receipt' }));
    await page
      .getByRole('region', { name: 'Refunds' })
      .getByText(/Refunded/)
      .waitFor();
    expect(await page.locator('dt:text-is("Status") + dd').textContent()).toBe('Refunded');
  });
});
