import type { Biller, OrderDetail, OrderSummary } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts.ts';
import { type SignedInUser, signedInUser, startBillPaymentEnv } from '../support/bill-network.ts';
import {
  api,
  fetchBill,
  type Headers,
  orderOf,
  paidAtPayu,
  payAtPhonepe,
  settleGateway,
  settleJobs,
} from '../support/payment-flows.ts';
import { readPdf } from '../support/pdf-pages.ts';
import type { TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 7 and issue 36 item 1: what the customer reads about their money follows where the
 * money is (decision 108), not the order's status alone. A merchant's refund of 60% ends in REFUNDED;
 * the history, the receipt (JSON and PDF) and the mail must say "partly refunded" with both amounts.
 */

let env: TestEnv;
let electricity: Biller;
let merchant: SignedInUser;
let billEnding = 6100;

beforeAll(async () => {
  ({ env, electricity } = await startBillPaymentEnv());
  merchant = await signedInUser(env, { role: 'merchant' });
});
afterAll(async () => {
  await env?.close();
});

/** A customer whose mails and receipts are in `language`. */
async function customerIn(language: 'en' | 'hi' | 'ta') {
  const customer = await signedInUser(env);
  await env.database.db.update(users).set({ language }).where(eq(users.id, customer.userId));
  return customer;
}

/** A bill no other test pays (the sandbox answers by the last four digits; 0009 is refused at payment). */
function billEndingIn(customer: SignedInUser, ending?: string) {
  billEnding += 1;
  return fetchBill(env, electricity, ending ?? String(billEnding), customer.headers);
}

/** A bill paid at PayU, its bill paid on the network. */
async function paidBill(customer: SignedInUser, ending?: string) {
  const bill = await billEndingIn(customer, ending);
  const handoff = await paidAtPayu(env, bill, customer, electricity.billerName);
  await settleJobs(env);
  return { orderId: handoff.orderId, merchantOrderId: handoff.txnid, totalPaise: handoff.charge.totalPaise };
}

/** The merchant refunds 60% of a paid bill and the gateway completes it. */
async function partlyRefunded(customer: SignedInUser) {
  const paid = await paidBill(customer);
  const refundPaise = Math.round(paid.totalPaise * 0.6);
  const refund = await api(env, 'POST', '/phonepe/refund', merchant.headers, {
    merchantOrderId: paid.merchantOrderId,
    refundNote: 'Customer was charged for a month of service not given',
    amount: refundPaise,
  });
  expect(refund.statusCode, refund.body).toBe(200);
  await settleGateway(env, 'payu');
  await settleJobs(env);
  return { ...paid, refundPaise };
}

const receiptPdf = async (orderId: string, headers: Headers, language: string) => {
  const response = await api(env, 'GET', `/orders/${orderId}/receipt.pdf`, {
    ...headers,
    'accept-language': language,
  });
  expect(response.statusCode).toBe(200);
  return (await readPdf(response.rawPayload)).text;
};

/** Paise as the English PDF writes them (its standard font has no ₹) and as mails and the hi PDF do. */
const pdfRupees = (paise: number) =>
  `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(paise / 100)}`;
const rupees = (paise: number, locale = 'en-IN') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' }).format(paise / 100);

describe('a merchant refunds 60% of a paid bill', () => {
  it('the history, the receipt JSON, the PDF and the mail say partly refunded, with both amounts (English)', async () => {
    const customer = await customerIn('en');
    const order = await partlyRefunded(customer);

    const history = await api(env, 'GET', '/orders', customer.headers);
    const listed = (history.json().orders as OrderSummary[]).find((each) => each.orderId === order.orderId);
    const detail: OrderDetail = await orderOf(env, order.orderId, customer.headers);
    for (const shown of [listed, detail]) {
      // The status stays the money path's REFUNDED; the money says what the customer must read.
      expect(shown?.status).toBe('REFUNDED');
      expect(shown?.money).toMatchObject({
        state: 'partly-refunded',
        paidPaise: order.totalPaise,
        refundedPaise: order.refundPaise,
        refundedAt: expect.any(String),
      });
    }

    // The status modal: the bill was paid, so not 'Payment Failed'; the money in its own field.
    const status = await api(env, 'POST', '/phonepe/pay/status', customer.headers, {
      merchantOrderId: order.merchantOrderId,
    });
    expect(status.json()).toMatchObject({
      status: 'COMPLETED',
      orderStatus: 'REFUNDED',
      money: { state: 'partly-refunded', refundedPaise: order.refundPaise },
    });

    const text = await receiptPdf(order.orderId, customer.headers, 'en');
    expect(text).toMatch(
      new RegExp(
        `Status\\s+Partly refunded: ${pdfRupees(order.refundPaise)} of ${pdfRupees(order.totalPaise)}`,
      ),
    );
    expect(text).not.toMatch(/Status\s+Refunded\s*$/m);

    const mail = env.lastMail(customer.email);
    expect(mail?.subject).toBe('Part of your payment has been refunded');
    expect(mail?.text).toContain(
      `We have refunded ${rupees(order.refundPaise)} of your payment of ${rupees(order.totalPaise)} to ${electricity.billerName}`,
    );
    // The receipt's facts in the mail, as the PDF writes them (decision 063: the same numbers).
    expect(mail?.text).toContain(
      `Status: Partly refunded: ${pdfRupees(order.refundPaise)} of ${pdfRupees(order.totalPaise)}`,
    );
  });

  it('says the same in Hindi: the PDF and the mail name both amounts', async () => {
    const customer = await customerIn('hi');
    const order = await partlyRefunded(customer);

    const text = await receiptPdf(order.orderId, customer.headers, 'hi');
    // Only words without a vowel sign drawn before its consonant read back whole ('आंशिक' does not).
    expect(text).toMatch(
      new RegExp(
        `स्टेटस\\s+\\S+ \\S+: ${rupees(order.totalPaise, 'hi-IN')} में से ${rupees(order.refundPaise, 'hi-IN')}`,
      ),
    );

    const mail = env.lastMail(customer.email);
    expect(mail?.subject).toBe('आपके पेमेंट का एक हिस्सा रिफ़ंड हो गया है');
    expect(mail?.text).toContain(
      `आंशिक रिफ़ंड: ${rupees(order.totalPaise, 'hi-IN')} में से ${rupees(order.refundPaise, 'hi-IN')}`,
    );
  });
});

describe('what a failed or refunded payment says about the money', () => {
  it('a payment the gateway declined took nothing, and says so', async () => {
    const customer = await customerIn('en');
    const bill = await billEndingIn(customer);
    const started = await api(env, 'POST', '/phonepe/pay', customer.headers, {
      amount: bill.amount,
      billReq: bill.billReq,
      billRes: bill.billRes,
    });
    await payAtPhonepe(started.json().redirectUrl, 'failure');
    await settleJobs(env);
    const orderId: string = started.json().orderId;

    const detail = await orderOf(env, orderId, customer.headers);
    expect(detail.status).toBe('PAYMENT_FAILED');
    expect(detail.money).toMatchObject({ state: 'nothing-taken', paidPaise: 0, refundedPaise: 0 });
    const status = await api(env, 'POST', '/phonepe/pay/status', customer.headers, {
      merchantOrderId: started.json().merchantOrderId,
    });
    expect(status.json()).toMatchObject({
      status: 'FAILED',
      money: { state: 'nothing-taken' },
      message: 'Your payment did not go through. The payment provider confirmed that no money was taken.',
    });
    const text = await receiptPdf(orderId, customer.headers, 'en');
    expect(text).toMatch(/Status\s+Payment failed · no money was taken/);
  });

  it('a bill the biller refused after the charge: refund started with its deadline, then refunded with its date', async () => {
    const customer = await customerIn('ta');
    const order = await paidBill(customer, '0009');

    const refunding = await orderOf(env, order.orderId, customer.headers);
    expect(refunding.status).toBe('REFUND_PENDING');
    const deadline = refunding.refunds[0]?.deadline;
    expect(refunding.money).toMatchObject({
      state: 'refund-started',
      paidPaise: order.totalPaise,
      refundingPaise: order.totalPaise,
      refundDeadline: deadline,
    });
    const started = await receiptPdf(order.orderId, customer.headers, 'en');
    expect(started).toMatch(
      new RegExp(`Status\\s+Refund of ${pdfRupees(order.totalPaise)} in progress, due by`),
    );

    await settleGateway(env, 'payu');
    await settleJobs(env);
    const refunded = await orderOf(env, order.orderId, customer.headers);
    expect(refunded.money).toMatchObject({
      state: 'refunded',
      refundedPaise: order.totalPaise,
      refundingPaise: 0,
      refundDeadline: null,
      refundedAt: expect.any(String),
    });
    const day = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' }).format(
      new Date(refunded.money.refundedAt ?? ''),
    );
    const done = await receiptPdf(order.orderId, customer.headers, 'en');
    expect(done).toMatch(new RegExp(`Status\\s+Refunded ${pdfRupees(order.totalPaise)} on ${day}`));
    // The customer's own mail, in Tamil: the whole charge came back (not the partial wording).
    const mail = env.lastMail(customer.email);
    expect(mail?.subject).toBe('உங்கள் ரீஃபண்ட் முடிந்தது');
    expect(mail?.text).toContain(`${rupees(order.totalPaise, 'ta-IN')} ரீஃபண்ட் செய்யப்பட்டது`);
  });
});
