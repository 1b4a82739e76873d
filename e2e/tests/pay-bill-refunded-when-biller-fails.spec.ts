import { describe, expect, inject, it } from 'vitest';
import { fetchBillAndProceed, orderIdOf, payerSuite, payOnGateway } from '../support/bill-payment.ts';
import { keyboard } from '../support/keyboard.ts';
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
