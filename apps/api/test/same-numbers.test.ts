import type { Biller, BillRequest, BillResponse, OrderDetail } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billerWhere,
  signedInUser,
  startBillPaymentEnv,
  type SignedInUser as User,
} from './support/bill-network.ts';
import { api, payAtPayu, postForm, settleJobs } from './support/payment-flows.ts';
import type { TestEnv } from './support/test-env.ts';

/**
 * Issue 23 item 4: one payment with a convenience fee, read back from every surface the api serves,
 * tells the same total (with the bill amount and the fee named) and the same time in India.
 */

let env: TestEnv;
let customer: User;
let merchant: User;
let creditCard: Biller;

beforeAll(async () => {
  ({ env, user: customer } = await startBillPaymentEnv());
  merchant = await signedInUser(env, { role: 'merchant' });
  // Credit card bills carry a convenience fee (1%, at least ₹1) on the sandbox network.
  creditCard = await billerWhere(env, 'Credit Card', (biller) => biller.fetchRequirement === 'MANDATORY');
});
afterAll(async () => {
  await env?.close();
});

/** The transaction's time as a reader in India is told it: '22 Nov 2025, 1:45 am IST'. */
const istTime = (iso: string) =>
  `${new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))} IST`;
const pdfRupees = (paise: number) =>
  `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(paise / 100)}`;
const twoDecimals = (paise: number) => (paise / 100).toFixed(2);

/** A credit card bill, fetched and paid at PayU as the browser would. */
async function paidCreditCardBill() {
  const billReq: BillRequest = {
    chId: 1,
    isRealTimeFetch: true,
    custDetails: { mobileNo: '9876543210', customerTags: [] },
    billDetails: {
      billerId: creditCard.billerId,
      customerParams: creditCard.customerParams.map((param, index) => ({
        name: param.paramName,
        value: index === 0 ? '4321' : '9876543210',
      })),
    },
  };
  const fetched = await api(
    env,
    'POST',
    `/bbps/prod/bill/${encodeURIComponent(creditCard.billerCategoryName)}`,
    customer.headers,
    billReq,
  );
  const billRes = fetched.json() as BillResponse;
  expect(billRes.respCode, fetched.body).toBe(1);
  const response = await api(env, 'POST', '/payu/generate-hash', customer.headers, {
    mode: 'website',
    amount: billRes.response.billerResponse?.amount,
    firstname: 'Asha',
    email: customer.email,
    phone: '9876543210',
    productinfo: creditCard.billerName,
    udf1: customer.userId,
    billReq,
    billRes,
  });
  expect(response.statusCode, response.body).toBe(200);
  const handoff = response.json();
  const back = await payAtPayu(handoff, { outcome: 'success' });
  await postForm(back.action, back.fields);
  await settleJobs(env);
  return handoff as { orderId: string; txnid: string };
}

/**
 * The text lines of a PDF pdfkit wrote uncompressed: each text operator's strings (hex-encoded, one
 * byte a character in the standard fonts), kerning numbers between them dropped.
 */
function pdfLines(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const lines: string[] = [];
  for (const [, operands = ''] of text.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/gi)) {
    const hex = [...operands.matchAll(/<([0-9a-f]*)>/gi)].map((match) => match[1] ?? '').join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines;
}

/** The value printed after `label` on the receipt (label and value are printed one after the other). */
const after = (lines: string[], label: string) => lines[lines.indexOf(label) + 1];

describe('one payment with a convenience fee', () => {
  it('tells the same bill amount, fee, total and time on every surface', async () => {
    const { orderId, txnid } = await paidCreditCardBill();

    const receipt = (await api(env, 'GET', `/orders/${orderId}`, customer.headers)).json() as OrderDetail;
    expect(receipt.status).toBe('SUCCESS');
    const { amount, convenienceFee, total, createdAt } = receipt;
    expect(convenienceFee).toBeGreaterThan(0);
    expect(total).toBe(amount + convenienceFee);
    const time = istTime(createdAt);

    const queried = await api(env, 'POST', '/complaints/transactions', customer.headers, {
      txnReferenceId: receipt.txnReferenceId,
    });
    expect(queried.json().transactions).toMatchObject([
      { amountPaise: amount, convenienceFeePaise: convenienceFee, totalPaise: total, txnDate: createdAt },
    ]);

    const pdf = await api(env, 'GET', `/orders/${orderId}/receipt.pdf`, customer.headers);
    const lines = pdfLines(pdf.rawPayload);
    expect(after(lines, 'Bill amount')).toBe(pdfRupees(amount));
    expect(after(lines, 'Convenience fee (CCF)')).toBe(pdfRupees(convenienceFee));
    expect(after(lines, 'Total')).toBe(pdfRupees(total));
    expect(after(lines, 'Date and time')).toBe(time);

    const status = (
      await api(env, 'POST', '/phonepe/pay/status', customer.headers, { merchantOrderId: txnid })
    ).json();
    expect(status).toMatchObject({
      billAmount: twoDecimals(amount),
      convenienceFee: twoDecimals(convenienceFee),
      amount: twoDecimals(total),
      transactionTime: time,
    });

    const history = await api(env, 'POST', '/phonepe/merchant/history', merchant.headers, {
      search: orderId,
    });
    expect(history.json().transactions).toMatchObject([
      {
        billAmount: amount / 100,
        convenienceFee: convenienceFee / 100,
        amount: total / 100,
        date: createdAt,
      },
    ]);

    const mail = env.lastMail(customer.email);
    expect(mail?.subject).toContain('Payment successful');
    expect(mail?.text).toContain(`Bill amount: ${pdfRupees(amount)}`);
    expect(mail?.text).toContain(`Convenience fee (CCF): ${pdfRupees(convenienceFee)}`);
    expect(mail?.text).toContain(`Total: ${pdfRupees(total)}`);
    expect(mail?.text).toContain(`Date and time: ${time}`);
  });
});
