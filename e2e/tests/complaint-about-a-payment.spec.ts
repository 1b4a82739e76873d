import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  confirmedTxnReferenceId,
  fetchBillAndProceed,
  orderIdOf,
  payerSuite,
  payOnGateway,
} from '../support/bill-payment.ts';
import { openBrowser, type Page } from '../support/browser.ts';
import { keyboard, mouse } from '../support/keyboard.ts';
import { lastMailId, mailsTo, waitForOtp } from '../support/mailbox.ts';
import { screenshotForReview } from '../support/screenshots.ts';
import { openAccountMenuItem } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const payer = payerSuite();
let txnReferenceId: string;

/** Pays a bill by card (the sandbox's PayU) with the keyboard and answers the receipt's order id. */
async function payABill(page: Page, numberEnd = '5678'): Promise<string> {
  const { biller } = payer;
  await fetchBillAndProceed(page, apiUrl, biller, biller.customerNumber(numberEnd), keyboard);
  await payOnGateway(page, sandboxUrl, 'PayU', 'Success', keyboard);
  await page.waitForURL(`${apiUrl}/payment-success?**`);
  const orderId = orderIdOf(page.url());
  txnReferenceId = await confirmedTxnReferenceId(page);
  return orderId;
}

/** Moves the sandbox network's clock (complaints advance on it); `undefined` puts it back. */
async function moveNetworkClock(advanceMs?: number) {
  await fetch(`${sandboxUrl}/bou/_sandbox/clock`, {
    method: advanceMs === undefined ? 'DELETE' : 'POST',
    headers: advanceMs === undefined ? {} : { 'content-type': 'application/json' },
    body: advanceMs === undefined ? undefined : JSON.stringify({ advanceMs }),
  });
}

async function mailTo(email: string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${sandboxUrl}/mailbox/messages?to=${encodeURIComponent(email)}`);
    const [mail] = (await response.json()) as { subject: string; text: string }[];
    if (mail?.subject.startsWith('Complaint registered')) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No complaint acknowledgement for ${email}`);
}

afterAll(async () => {
  await moveNetworkClock();
});

describe('a complaint about a payment', () => {
  it('is raised from the receipt and tracked to its resolution, with the keyboard alone', async () => {
    const { browser, user } = payer;
    const { page } = browser;
    const orderId = await payABill(page);
    await openAccountMenuItem(page, 'Transaction', keyboard);
    const paid = page.getByRole('row').filter({ hasText: txnReferenceId });
    await keyboard.activate(paid.getByRole('link', { name: 'Receipt' }));
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    await keyboard.activate(page.getByRole('link', { name: 'Raise complaint' }));
    await page.waitForURL(`${apiUrl}/complaint`);

    const form = page.getByRole('form', { name: 'Raise Complaint' });
    expect(await form.getByLabel(/Bharat Connect Transaction Reference ID/).inputValue()).toBe(
      txnReferenceId,
    );
    expect(await form.getByLabel('Email ID').inputValue()).toBe(user.email);
    await keyboard.selectOption(form.getByLabel('Type of Query'), 'Money debited but no confirmation');
    await keyboard.fill(form.getByLabel('Contact Number'), user.phone);
    if (!(await form.getByLabel(/Transaction Initiated Via/).inputValue())) {
      await keyboard.fill(form.getByLabel(/Transaction Initiated Via/), 'Erti Pay');
    }
    await keyboard.fill(form.getByLabel('Description'), 'The biller still shows my bill as due.');
    await keyboard.activate(form.getByRole('button', { name: 'Submit Complaint' }));

    const result = page.getByRole('heading', { name: 'Complaint registered' });
    await result.waitFor();
    const complaintId = (await page.locator('dt:has-text("Complaint ID") + dd').textContent()) ?? '';
    expect(complaintId).toMatch(/^CC01\d{11}$/);
    expect(await page.getByText(`for B-Connect Txn ID ${txnReferenceId}`).isVisible()).toBe(true);
    expect((await mailTo(user.email)).text).toContain(complaintId);

    await keyboard.chooseItem(page.getByRole('tab', { name: 'Check Complaint Status' }));
    const status = page.getByRole('form', { name: 'Check Complaint Status' });
    await keyboard.fill(status.getByLabel('Complaint ID'), complaintId);
    await keyboard.check(status.getByLabel('Technical'));
    await keyboard.activate(status.getByRole('button', { name: 'Check Status' }));
    await status.getByRole('heading', { name: `Complaint ${complaintId}` }).waitFor();
    expect(await status.locator('dt:has-text("Status") + dd').textContent()).toBe('Assigned');

    await moveNetworkClock(3 * 60_000);
    await keyboard.activate(status.getByRole('button', { name: 'Check Status' }));
    await status.locator('dt:has-text("Status") + dd').getByText('Resolved').waitFor();
    expect(await status.getByText(/the biller confirmed transaction/).isVisible()).toBe(true);
    await moveNetworkClock();
  });

  it.each([
    ['the mouse', mouse],
    ['the keyboard alone', keyboard],
  ])(
    'finds the payment among the transactions of a mobile number and dates (with %s)',
    async (_way, hands) => {
      const { browser, biller, user } = payer;
      const { page } = browser;
      await page.goto(`${apiUrl}/`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await hands.activate(nav.getByRole('button', { name: 'Complaint menu' }));
      await hands.activate(nav.getByRole('link', { name: 'Transaction Queries' }));
      const form = page.getByRole('form', { name: 'Transaction Queries' });
      await form.waitFor();

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      await hands.fill(form.getByLabel('Mobile Number', { exact: true }), user.phone);
      await hands.fill(form.getByLabel('From Date'), today);
      await hands.fill(form.getByLabel('To Date'), today);
      expect(await form.getByLabel('To Date').inputValue()).toBe(today);
      await hands.activate(form.getByRole('button', { name: 'Search' }));
      const row = form.getByRole('row').filter({ hasText: txnReferenceId });
      await row.waitFor();
      expect(await row.getByText(biller.billerName).isVisible()).toBe(true);
      expect(await row.getByText('Successful').isVisible()).toBe(true);

      await hands.check(form.getByRole('radio', { name: 'Transaction Reference ID' }));
      await hands.fill(form.getByRole('textbox', { name: /Transaction Reference ID/ }), txnReferenceId);
      await hands.activate(form.getByRole('button', { name: 'Search' }));
      await form.getByRole('row').filter({ hasText: txnReferenceId }).getByText('Successful').waitFor();
    },
  );

  it("is raised by its payer signed out, with the code mailed to the payer's address (decision 106)", async () => {
    const { user } = payer;
    await payABill(payer.browser.page, '5679');
    const somewhereElse = await openBrowser();
    try {
      const { page } = somewhereElse;
      await page.goto(`${apiUrl}/complaint`);
      const form = page.getByRole('form', { name: 'Raise Complaint' });
      const typedAddress = `not.${user.email}`;
      await form.getByLabel('Your Name').fill('Asha');
      await form.getByLabel('Type of Query').selectOption('Refund');
      await form.getByLabel('Contact Number').fill(user.phone);
      await form.getByLabel('Email ID').fill(typedAddress);
      await form.getByLabel(/Transaction Initiated Via/).fill('Erti Pay');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      await form.getByLabel(/Transaction Date/).fill(today);
      await form.getByLabel(/Transaction Amount/).fill('100');
      await form.getByLabel(/Bharat Connect Transaction Reference ID/).fill(txnReferenceId);
      await form.getByRole('button', { name: 'Submit Complaint' }).click();

      const step = form.getByRole('region', { name: 'Confirm this payment is yours' });
      await step.waitFor();
      expect(await step.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
      const before = await lastMailId(sandboxUrl, user.email);
      await step.getByRole('button', { name: 'Send a code to the e-mail on the payment' }).click();
      await step
        .getByText(/^We sent a code to the e-mail on this payment \(.\*\*\*@.\*\*\*\.\w+\)/)
        .waitFor();
      const code = await waitForOtp(sandboxUrl, user.email, before);
      await step.getByLabel('Code from the e-mail').fill(code);
      await screenshotForReview(page, 'en-complaint-payer-code');
      await form.getByRole('button', { name: 'Submit Complaint' }).click();

      await page.getByRole('heading', { name: 'Complaint registered' }).waitFor();
      const complaintId = (await page.locator('dt:has-text("Complaint ID") + dd').textContent()) ?? '';
      expect(complaintId).toMatch(/^CC01\d{11}$/);
      expect((await mailTo(user.email)).text).toContain(complaintId);
      expect(await mailsTo(sandboxUrl, typedAddress)).toEqual([]);
    } finally {
      await somewhereElse.close();
    }
  });
});
