import type { HeldOrder } from '@erti/contracts';
import { phonepeCallbackAuthorization } from '@erti/protocols';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../src/db/schema/payments.ts';
import { refundDeadline } from '../src/modules/payments/refund-deadline.ts';
import { signedInUser, startBillPaymentEnv, type SignedInUser as User } from './support/bill-network.ts';
import {
  api,
  fetchBill,
  gatewayLedger,
  networkPayments,
  orderOf,
  payAtPhonepe,
  settleGateway,
  settleJobs,
} from './support/payment-flows.ts';
import type { TestEnv } from './support/test-env.ts';

// Decision 062: a gateway answer about a charge that cannot be read holds the order for a person.
// Through the real path: the sandbox's PhonePe answers the order status with a state no
// documentation lists (its `unreadable` fault), once.

let env: TestEnv;
let electricity: Awaited<ReturnType<typeof startBillPaymentEnv>>['electricity'];
let user: User;
let merchant: User;

beforeAll(async () => {
  ({ env, electricity, user } = await startBillPaymentEnv({
    BBPS_TIMEOUT_MS: 3_000,
    GATEWAY_TIMEOUT_MS: 3_000,
  }));
  merchant = await signedInUser(env, { role: 'merchant' });
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandbox.faults.clear();
});

/** Hands a fetched bill to PhonePe. */
async function payBill(bill: Awaited<ReturnType<typeof fetchBill>>) {
  const response = await api(env, 'POST', '/phonepe/pay', user.headers, {
    amount: bill.amount,
    billReq: bill.billReq,
    billRes: bill.billRes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { orderId: string; merchantOrderId: string; redirectUrl: string };
}

/** Pays a bill at PhonePe while its status answer is unreadable once: the order is held. */
async function heldPayment(ending: string) {
  const pay = await payBill(await fetchBill(env, electricity, ending, user.headers));
  env.sandbox.faults.add({ path: '/phonepe/checkout/v2/order/', kind: 'unreadable', count: 1 });
  await payAtPhonepe(pay.redirectUrl, 'success');
  return pay;
}

const heldList = async (as: User = merchant) => {
  const response = await api(env, 'GET', '/merchant/orders/needs-attention', as.headers);
  return { statusCode: response.statusCode, orders: (response.json() as { orders?: HeldOrder[] }).orders };
};

const resolve = (orderId: string, body: unknown, as: User = merchant) =>
  api(env, 'POST', `/merchant/orders/${orderId}/resolution`, as.headers, body);

const supportMails = (merchantOrderId: string) =>
  env.sandbox.mailbox.list(env.config.SUPPORT_EMAIL).filter((mail) => mail.subject.includes(merchantOrderId));

/** The order's row: what was recorded as captured. */
const capturedOf = async (orderId: string) =>
  (await env.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.capturedPaise ?? null;

/** The person's decision: the order's move out of the hold, with who (source) and why (detail). */
const decisionOf = async (orderId: string) =>
  (
    await env.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.fromStatus, 'NEEDS_ATTENTION')))
  )[0];

/** A PhonePe S2S callback, correctly authorised, saying the order completed. */
const completedCallback = (merchantOrderId: string, transactionId: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/phonepe/callback',
    headers: {
      authorization: phonepeCallbackAuthorization(
        env.config.PHONEPE_CALLBACK_USERNAME,
        env.config.PHONEPE_CALLBACK_PASSWORD,
      ),
    },
    payload: {
      event: 'checkout.order.completed',
      payload: {
        merchantOrderId,
        orderId: 'OMO-late',
        state: 'COMPLETED',
        paymentDetails: [{ transactionId }],
      },
    },
  });

describe('a charge whose gateway answer cannot be read', () => {
  it('is held for a person, listed with the raw answer, mailed to support once, and left alone', async () => {
    const pay = await heldPayment('6201');
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.status).toBe('NEEDS_ATTENTION');
    expect(await capturedOf(pay.orderId)).toBeNull();
    const status = await api(env, 'POST', '/phonepe/pay/status', user.headers, {
      merchantOrderId: pay.merchantOrderId,
    });
    expect(status.json()).toMatchObject({
      status: 'PENDING',
      orderStatus: 'NEEDS_ATTENTION',
      message: expect.stringContaining('checking this payment with the payment provider'),
    });

    const { orders } = await heldList();
    const held = orders?.find((entry) => entry.orderId === pay.orderId);
    expect(held).toMatchObject({
      merchantOrderId: pay.merchantOrderId,
      gateway: 'phonepe',
      unreadable: 'status (state)',
      customer: { email: user.email },
    });
    expect(JSON.parse(held?.answer ?? 'null')).toMatchObject({ state: 'UNDER_REVIEW' });

    // Nothing else moves it: jobs, another callback, the status poll, a new payment of the same bill.
    await settleGateway(env, 'phonepe');
    await settleJobs(env);
    expect((await completedCallback(pay.merchantOrderId, 'T-late')).statusCode).toBeLessThan(300);
    await settleJobs(env);
    const again = await fetchBill(env, electricity, '6201', user.headers);
    const second = await api(env, 'POST', '/phonepe/pay', user.headers, {
      amount: again.amount,
      billReq: again.billReq,
      billRes: again.billRes,
    });
    expect(second.statusCode).toBe(409);
    const after = await orderOf(env, pay.orderId, user.headers);
    expect(after.status).toBe('NEEDS_ATTENTION');
    expect(await networkPayments(env, pay.orderId)).toEqual([]);

    const mails = supportMails(pay.merchantOrderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(pay.orderId);
    expect(mails[0]?.text).toContain('phonepe');
    expect(mails[0]?.text).toContain('status (state)');
    expect(mails[0]?.text).toContain(`${env.config.PUBLIC_URL}/merchant`);
  });

  it('is resolved as paid by a merchant: the bill is paid, recorded with who and why, once only', async () => {
    const pay = await heldPayment('6202');
    const body = {
      action: 'mark-paid',
      note: 'PhonePe dashboard shows it COMPLETED',
      gatewayPaymentId: 'T-6202',
    };
    expect((await resolve(pay.orderId, body, user)).statusCode).toBe(403);
    expect((await resolve(pay.orderId, { action: 'mark-paid', note: 'no id' })).statusCode).toBe(400);
    expect((await resolve(pay.orderId, { ...body, note: ' ' })).statusCode).toBe(400);
    const resolved = await resolve(pay.orderId, body);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await resolve(pay.orderId, body)).statusCode).toBe(409);
    await settleJobs(env);

    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.status).toBe('SUCCESS');
    expect(await capturedOf(pay.orderId)).toBe(order.total);
    expect(await decisionOf(pay.orderId)).toMatchObject({
      toStatus: 'PAID',
      source: `merchant:${merchant.userId}`,
      detail: { action: 'mark-paid', why: body.note, gatewayPaymentId: 'T-6202' },
    });
    expect(await networkPayments(env, pay.orderId)).toMatchObject([{ status: 'SUCCESS', payCalls: 1 }]);
    expect((await heldList()).orders?.map((held) => held.orderId)).not.toContain(pay.orderId);
  });

  it('is refunded by a merchant for the amount the gateway shows', async () => {
    const pay = await heldPayment('6203');
    const taken = await gatewayLedger(env, 'phonepe', pay.merchantOrderId);
    const resolved = await resolve(pay.orderId, {
      action: 'refund',
      note: 'PhonePe shows the charge; the customer asked for the money back',
      gatewayPaymentId: 'T-6203',
      amount: taken?.charged,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await settleGateway(env, 'phonepe');
    await settleJobs(env);
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.status).toBe('REFUNDED');
    // A failed transaction's refund: due T+5 from the day the customer paid, not from the resolution.
    const paidAt = new Date(order.createdAt);
    expect(order.refunds).toMatchObject([
      {
        reason: 'auto',
        deadline: refundDeadline(paidAt, { reason: 'auto', createdAt: new Date() }).toISOString(),
      },
    ]);
    expect(await capturedOf(pay.orderId)).toBe(taken?.charged);
    expect(await decisionOf(pay.orderId)).toMatchObject({
      toStatus: 'REFUND_PENDING',
      source: `merchant:${merchant.userId}`,
      detail: { action: 'refund', amountPaise: taken?.charged, gatewayPaymentId: 'T-6203' },
    });
    expect(await gatewayLedger(env, 'phonepe', pay.merchantOrderId)).toMatchObject({
      refunded: taken?.charged,
      refunds: 1,
    });
  });

  it("is held from the failed payment's late-charge watch and from the check before a new payment", async () => {
    const failedBill = await fetchBill(env, electricity, '6205', user.headers);
    const failed = await payBill(failedBill);
    await payAtPhonepe(failed.redirectUrl, 'failure');
    expect((await orderOf(env, failed.orderId, user.headers)).status).toBe('PAYMENT_FAILED');
    env.sandbox.faults.add({ path: '/phonepe/checkout/v2/order/', kind: 'unreadable', count: 1 });
    await settleJobs(env);
    expect((await orderOf(env, failed.orderId, user.headers)).status).toBe('NEEDS_ATTENTION');

    // An unpaid hand-off is checked before a second payment of its bill replaces it.
    const bill = await fetchBill(env, electricity, '6206', user.headers);
    const abandoned = await payBill(bill);
    env.sandbox.faults.add({ path: '/phonepe/checkout/v2/order/', kind: 'unreadable', count: 1 });
    const again = await api(env, 'POST', '/phonepe/pay', user.headers, {
      amount: bill.amount,
      billReq: bill.billReq,
      billRes: bill.billRes,
    });
    expect(again.statusCode).toBe(409);
    expect((await orderOf(env, abandoned.orderId, user.headers)).status).toBe('NEEDS_ATTENTION');
    await settleJobs(env);
    expect(supportMails(failed.merchantOrderId)).toHaveLength(1);
    expect(supportMails(abandoned.merchantOrderId)).toHaveLength(1);
  });

  it('is closed by a merchant who found no charge at the gateway', async () => {
    const pay = await heldPayment('6204');
    const resolved = await resolve(pay.orderId, {
      action: 'no-charge',
      note: 'Nothing at PhonePe for this order',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.status).toBe('PAYMENT_FAILED');
    expect(await decisionOf(pay.orderId)).toMatchObject({
      toStatus: 'PAYMENT_FAILED',
      source: `merchant:${merchant.userId}`,
      detail: { action: 'no-charge', why: 'Nothing at PhonePe for this order' },
    });
  });
});
