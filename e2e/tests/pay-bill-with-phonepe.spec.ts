import { describe, expect, inject, it } from 'vitest';
import { downloadReceipt, fetchBillAndProceed, payerSuite, payOnGateway } from '../support/bill-payment.ts';
import { chooseDeviceLanguage, messageOf } from '../support/catalogues.ts';
import { keyboard } from '../support/keyboard.ts';
import { screenshotForReview } from '../support/screenshots.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const payer = payerSuite();

/** The value the status modal shows for a field label, e.g. 'TXN REFERENCE ID'. */
async function modalField(label: string): Promise<string> {
  return (await payer.browser.page.locator(`dialog dt:text-is("${label}") + dd`).textContent()) ?? '';
}

/** The modal's AMOUNT field (rupees, '5555.11') as the customer reads money: '₹5,555.11'. */
async function modalAmountInRupees(): Promise<string> {
  const [whole = '', paise = ''] = (await modalField('AMOUNT')).split('.');
  return `₹${new Intl.NumberFormat('en-IN').format(BigInt(whole))}.${paise}`;
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
    // Above the spec's fields, one plain sentence: the amount in rupees, the biller, what comes next.
    const amount = await modalAmountInRupees();
    await dialog
      .getByText(
        `${biller.billerName} has received your payment of ${amount}. Nothing more to do: your receipt is ready.`,
      )
      .waitFor();
    const txnReferenceId = await modalField('TXN REFERENCE ID');
    expect(txnReferenceId).toMatch(/^[A-Z0-9]{20}$/);
    const orderId = await modalField('ORDER ID');
    expect(await dialog.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      `/receipt/${orderId}`,
    );
    await screenshotForReview(page, 'en-status-modal-paid');

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
    // The gateway declined it: nothing was taken, and the modal says so rather than promising a refund.
    const amount = await modalAmountInRupees();
    await page
      .getByRole('dialog')
      .getByText(
        `Your payment of ${amount} to ${biller.billerName} did not go through, and no money was taken. You can try again.`,
      )
      .waitFor();
  });

  it('says in Hindi that a declined UPI payment took nothing, with the amount in rupees and the receipt link', async () => {
    const { browser, biller } = payer;
    const { page } = browser;
    await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber('5679'));
    await payOnGateway(page, sandboxUrl, 'PhonePe', 'Failure');
    await page.waitForURL(`${apiUrl}/phonepe/status/**`);
    await page.getByRole('dialog', { name: 'Payment Failed' }).waitFor({ timeout: 30_000 });
    // The customer reads the site in Hindi: the same modal, every word of it in Hindi.
    await chooseDeviceLanguage(page, apiUrl, 'hi');
    try {
      await page.reload();
      const dialog = page.getByRole('dialog', { name: messageOf('hi', 'spec.payment.failure') });
      await dialog.waitFor({ timeout: 30_000 });
      const sentence = messageOf('hi', 'payments.statusDialog.sentence.nothingTaken', {
        amount: await modalAmountInRupees(),
        biller: biller.billerName,
        known: 'yes',
      });
      await dialog.getByText(sentence).waitFor();
      await dialog.getByRole('link', { name: messageOf('hi', 'payments.outcome.viewReceipt') }).waitFor();
      await screenshotForReview(page, 'hi-status-modal-nothing-taken');
    } finally {
      await chooseDeviceLanguage(page, apiUrl, 'en');
    }
  });
});
