import type { Biller } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/payments.ts';
import { billerWhere, hasOneDigitsParam, signedInUser, syncCatalogue } from './support/bill-network.ts';
import {
  api,
  fetchBill,
  gatewayLedger,
  networkPayments,
  orderOf,
  payAtPayu,
  payAtRazorpay,
  postForm,
  settleGateway,
  settleJobs,
} from './support/payment-flows.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * Decision 064: a customer who never comes back from the gateway's page. Reconciliation asks the
 * gateway; a charge found pays the bill, a hand-off nobody paid is closed as failed 20 minutes
 * after it was made, and a payment made after that is refunded.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

const MINUTE = 60_000;

let env: TestEnv;
let electricity: Biller;
let user: User;

beforeAll(async () => {
  env = await startTestEnv({ BBPS_TIMEOUT_MS: 3_000, GATEWAY_TIMEOUT_MS: 3_000 });
  await syncCatalogue(env);
  electricity = await billerWhere(
    env,
    'Electricity',
    (biller) => biller.fetchRequirement === 'MANDATORY' && hasOneDigitsParam(biller),
  );
  user = await signedInUser(env);
});
afterAll(async () => {
  await env?.close();
});

async function handOffToPayu(ending: string) {
  const bill = await fetchBill(env, electricity, ending, user.headers);
  const response = await api(env, 'POST', '/payu/generate-hash', user.headers, {
    amount: bill.amount,
    billReq: bill.billReq,
    billRes: bill.billRes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The order was handed off `minutes` ago; then reconciliation runs. */
async function reconcileAfter(orderId: string, minutes: number) {
  await env.database.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - minutes * MINUTE) })
    .where(eq(orders.id, orderId));
  await settleJobs(env);
}

const statusOf = async (orderId: string) => (await orderOf(env, orderId, user.headers)).status;

describe('a customer who never comes back from the gateway page', () => {
  it('paid at PayU and never came back: reconciliation finds the charge and pays the bill', async () => {
    const handoff = await handOffToPayu('6401');
    await payAtPayu(handoff, { outcome: 'success' }); // the post back to us never happens

    await settleJobs(env);
    expect(await statusOf(handoff.orderId)).toBe('SUCCESS');
    expect(await networkPayments(env, handoff.orderId)).toHaveLength(1);
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toMatchObject({ charges: 1, refunded: 0 });
  });

  it('never paid: the hand-off stays open for 20 minutes, then is closed as failed', async () => {
    const handoff = await handOffToPayu('6402');

    await reconcileAfter(handoff.orderId, 19);
    expect(await statusOf(handoff.orderId)).toBe('PAYMENT_PENDING');

    await reconcileAfter(handoff.orderId, 21);
    const order = await orderOf(env, handoff.orderId, user.headers);
    expect(order).toMatchObject({
      status: 'PAYMENT_FAILED',
      failureReason: 'The payment was not completed in time',
    });
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toBeUndefined();
  });

  it('never paid at PhonePe: PhonePe closes its checkout 5 minutes before we close the order', async () => {
    const bill = await fetchBill(env, electricity, '6403', user.headers);
    const response = await api(env, 'POST', '/phonepe/pay', user.headers, {
      amount: bill.amount,
      billReq: bill.billReq,
      billRes: bill.billRes,
    });
    expect(response.statusCode, response.body).toBe(200);
    const pay = response.json();
    const token = await fetch(`${env.sandboxUrl}/phonepe/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: env.config.PHONEPE_CLIENT_ID,
        client_secret: env.config.PHONEPE_CLIENT_SECRET,
        client_version: '1',
        grant_type: 'client_credentials',
      }),
    }).then((answer) => answer.json() as Promise<{ access_token: string }>);
    const atPhonepe = await fetch(
      `${env.sandboxUrl}/phonepe/checkout/v2/order/${pay.merchantOrderId}/status`,
      {
        headers: { authorization: `O-Bearer ${token.access_token}` },
      },
    ).then((answer) => answer.json() as Promise<{ expireAt: number }>);
    const [order] = await env.database.db.select().from(orders).where(eq(orders.id, pay.orderId));
    const closesAfterMs = atPhonepe.expireAt - (order?.createdAt.getTime() ?? 0);
    expect(closesAfterMs).toBeGreaterThanOrEqual(15 * MINUTE);
    expect(closesAfterMs).toBeLessThan(16 * MINUTE);
  });

  it('paid at Razorpay after we closed the order: the charge is refunded', async () => {
    const created = await api(env, 'POST', '/bbps/pg/create-order', user.headers, {
      amount: 2500,
      currency: 'INR',
      receipt: 'abandoned-rzp-1',
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json();
    await reconcileAfter(order.orderId, 21);
    expect(await statusOf(order.orderId)).toBe('PAYMENT_FAILED');

    // Razorpay's order never expires: the tab left open is paid later, and never returns to us.
    await payAtRazorpay(order, 'success');
    await settleJobs(env);
    await settleGateway(env, 'razorpay');
    await settleJobs(env);
    expect(await statusOf(order.orderId)).toBe('REFUNDED');
    expect(await gatewayLedger(env, 'razorpay', order.id)).toMatchObject({ charged: 2500, refunded: 2500 });
  });

  it('paid at PayU after we closed the order (its checkout posted again): the charge is refunded', async () => {
    const handoff = await handOffToPayu('6404');
    await reconcileAfter(handoff.orderId, 21);
    expect(await statusOf(handoff.orderId)).toBe('PAYMENT_FAILED');

    const back = await payAtPayu(handoff, { outcome: 'success' });
    await postForm(back.action, back.fields);
    await settleJobs(env);
    await settleGateway(env, 'payu');
    await settleJobs(env);
    expect(await statusOf(handoff.orderId)).toBe('REFUNDED');
    expect(await networkPayments(env, handoff.orderId)).toHaveLength(0);
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toMatchObject({
      charged: handoff.charge.totalPaise,
      refunded: handoff.charge.totalPaise,
    });
  });
});
