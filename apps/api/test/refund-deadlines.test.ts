import type { Biller, MerchantRefund, OrderDetail } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../src/db/schema/payments.ts';
import { signedInUser, startBillPaymentEnv, type SignedInUser as User } from './support/bill-network.ts';
import { api, fetchBill, orderOf, paidAtPayu, settleJobs } from './support/payment-flows.ts';
import type { TestEnv } from './support/test-env.ts';

/**
 * Issue 23 item 1: an automatic refund's deadline is T+5 from the day the customer paid and stays
 * there through retries; the merchant sees it late, with the compensation owed (decision 063).
 */

let env: TestEnv;
let electricity: Biller;
let customer: User;
let merchant: User;

beforeAll(async () => {
  ({ env, electricity, user: customer } = await startBillPaymentEnv());
  merchant = await signedInUser(env, { role: 'merchant' });
});
afterAll(async () => {
  await env?.close();
});

const DAY_MS = 86_400_000;
const istDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
const istMediumDate = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' }).format(at);
/** The end of the India day `days` after `from`'s. */
const endOfIstDayAfter = (from: Date, days: number) =>
  new Date(`${istDate(new Date(from.getTime() + days * DAY_MS))}T23:59:59.999+05:30`).toISOString();

/** A bill the network refuses to pay (ending 0009): the charge is refunded automatically, not yet submitted. */
async function refusedBillPayment(): Promise<{ orderId: string; merchantOrderId: string }> {
  const bill = await fetchBill(env, electricity, '0009', customer.headers);
  const handoff = await paidAtPayu(env, bill, customer, electricity.billerName);
  // PayU cannot be reached for the first refund: it stays unsubmitted, so the test can fail it.
  env.sandbox.faults.add({ path: '/payu/merchant/postservice', kind: 'error', status: 503 });
  await settleJobs(env);
  env.sandbox.faults.clear();
  return { orderId: handoff.orderId, merchantOrderId: handoff.txnid };
}

async function merchantRefundsOf(orderId: string): Promise<MerchantRefund[]> {
  const response = await api(env, 'POST', '/phonepe/merchant/refunds', merchant.headers, { search: orderId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().refunds;
}

describe('an automatic refund retried after the gateway failed it', () => {
  it('keeps the deadline of the day the customer paid, and the merchant sees it late with the compensation owed', async () => {
    const { orderId, merchantOrderId } = await refusedBillPayment();
    const first = (await orderOf(env, orderId, customer.headers)).refunds[0];
    expect(first).toMatchObject({ reason: 'auto', status: 'PENDING' });

    // The customer paid eight days ago; the first attempt was asked then and failed at the gateway.
    const paidAt = new Date(Date.now() - 8 * DAY_MS);
    await env.database.db.update(orders).set({ createdAt: paidAt }).where(eq(orders.id, orderId));
    await env.database.db
      .update(refunds)
      .set({
        status: 'FAILED',
        createdAt: paidAt,
        updatedAt: new Date(paidAt.getTime() + 3 * DAY_MS),
        // As it was written when it opened, eight days ago.
        deadlineAt: new Date(endOfIstDayAfter(paidAt, 5)),
      })
      .where(eq(refunds.id, first?.refundId ?? ''));
    await settleJobs(env);

    const order: OrderDetail = await orderOf(env, orderId, customer.headers);
    expect(order.status).toBe('REFUND_PENDING');
    const retry = order.refunds.find((refund) => refund.status === 'PENDING');
    expect(retry?.refundId).not.toBe(first?.refundId);
    const deadline = endOfIstDayAfter(paidAt, 5);
    expect(order.refunds.map((refund) => refund.deadline)).toEqual([deadline, deadline]);

    const status = await api(env, 'POST', '/phonepe/pay/status', customer.headers, { merchantOrderId });
    expect(status.json().message).toContain(`will reach you by ${istMediumDate(new Date(deadline))}.`);

    const listed = await merchantRefundsOf(orderId);
    expect(listed.find((refund) => refund.refundId === retry?.refundId)).toMatchObject({
      deadline,
      late: true,
      ageDays: 8,
      compensationOwed: 300,
    });
    expect(listed.find((refund) => refund.refundId === first?.refundId)).toMatchObject({
      deadline,
      late: false,
      ageDays: 3,
      compensationOwed: 0,
    });
  });
});
