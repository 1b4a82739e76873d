import { describe, expect, inject, it } from 'vitest';
import { downloadReceipt, fetchBillAndProceed, payerSuite, payOnGateway } from '../support/bill-payment.ts';
import { keyboard } from '../support/keyboard.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const payer = payerSuite();

/** The value the status modal shows for a field label, e.g. 'TXN REFERENCE ID'. */
async function modalField(label: string): Promise<string> {
  return (await payer.browser.page.locator(`dialog dt:text-is("${label}") + dd`).textContent()) ?? '';
}

describe('paying an electricity bill by UPI (PhonePe)', () => {
  it('pays through PhonePe, shows the status modal, lists the order in /txn and downloads the receipt, with the keyboard alone', async () => {
    const { browser, biller } = payer;
    const { page } = browser;
    await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber('4567'), keyboard);
    await payOnGateway(page, sandboxUrl, 'PhonePe', 'Success', keyboard);

    await page.waitForURL(`${apiUrl}/phonepe/status/**`);
    const merchantOrderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const dialog = page.getByRole('dialog', { name: 'Payment Successful' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await modalField('MERCHANT ORDER ID')).toBe(merchantOrderId);
    const txnReferenceId = await modalField('TXN REFERENCE ID');
    expect(txnReferenceId).toMatch(/^[A-Z0-9]{20}$/);
    const orderId = await modalField('ORDER ID');

    await keyboard.activate(dialog.getByRole('button', { name: 'Close' }));
    await page.waitForURL(`${apiUrl}/txn`);
    const row = page.getByRole('row').filter({ hasText: txnReferenceId });
    await row.waitFor();
    expect(await row.getByText('Successful').isVisible()).toBe(true);
    expect(await row.getByRole('link', { name: 'Status' }).getAttribute('href')).toBe(
      `/phonepe/status/${merchantOrderId}`,
    );

    await keyboard.activate(row.getByRole('link', { name: 'Receipt' }));
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    await page.getByText(txnReferenceId).first().waitFor();
    const pdf = await downloadReceipt(page, orderId, keyboard);
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toContain(txnReferenceId);
  });

  it('shows Payment Failed in red when the UPI payment fails', async () => {
    const { browser, biller } = payer;
    const { page } = browser;
    await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber('5678'));
    await payOnGateway(page, sandboxUrl, 'PhonePe', 'Failure');

    await page.waitForURL(`${apiUrl}/phonepe/status/**`);
    const heading = page.getByRole('dialog').getByRole('heading', { name: 'Payment Failed' });
    await heading.waitFor({ timeout: 30_000 });
    expect(await heading.getAttribute('class')).toContain('text-red-');
    expect(await modalField('STATUS')).toBe('FAILED');
  });
});
