import type { Biller } from '@erti/contracts';
import { phonepeCallbackAuthorization } from '@erti/protocols';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewayEvents } from '../src/db/schema/payments.ts';
import { createRefunds } from '../src/modules/payments/payments.module.ts';
import {
  billerWhere,
  signedInUser,
  startBillPaymentEnv,
  type SignedInUser as User,
} from './support/bill-network.ts';
import {
  api,
  fetchBill,
  gatewayLedger,
  networkPayments,
  orderOf,
  payAtPhonepe,
  settleGateway,
  settleJobs,
  validateRecharge,
} from './support/payment-flows.ts';
import type { TestEnv } from './support/test-env.ts';

let env: TestEnv;
let airtel: Biller;
let electricity: Biller;
let user: User;

beforeAll(async () => {
  ({ env, electricity, user } = await startBillPaymentEnv({
    BBPS_TIMEOUT_MS: 3_000,
    GATEWAY_TIMEOUT_MS: 3_000,
  }));
  airtel = await billerWhere(env, 'Mobile Prepaid', (biller) => biller.billerName === 'Airtel');
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandbox.faults.clear();
});

/** Validates a recharge of `number` and hands it to PhonePe; answers our answer to /phonepe/pay. */
async function rechargeWithPhonepe(number: string) {
  const recharge = await validateRecharge(env, airtel, number, 'Mumbai', user.headers);
  const response = await api(env, 'POST', '/phonepe/pay', user.headers, {
    amount: recharge.amount,
    merchantOrderId: `EP${crypto.randomUUID().replaceAll('-', '')}`,
    validationReq: recharge.validationReq,
    validationRes: recharge.validationRes,
    plan: recharge.plan,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { recharge, pay: response.json() };
}

const status = (merchantOrderId: string, as: User = user) =>
  api(env, 'POST', '/phonepe/pay/status', as.headers, { merchantOrderId });

const callbackEvents = (orderId: string) =>
  env.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.orderId, orderId));

describe('PhonePe', () => {
  it('recharges a validated plan: pay page, S2S callback confirmed by order status, then COMPLETED', async () => {
    const { recharge, pay } = await rechargeWithPhonepe('9876512301');
    expect(pay).toMatchObject({
      merchantOrderId: expect.stringMatching(/^EP[A-Za-z0-9]{20}$/),
      orderId: expect.stringMatching(/^ord_/),
      redirectUrl: expect.stringContaining(`${env.sandboxUrl}/phonepe/pay-page/`),
      charge: { amountPaise: Number(recharge.amount) * 100 },
    });
    const first = (await status(pay.merchantOrderId)).json();
    expect(first).toMatchObject({ status: 'PENDING', orderStatus: 'PAYMENT_PENDING' });

    const back = await payAtPhonepe(pay.redirectUrl, 'success');
    expect(back).toBe(`${env.apiUrl}/phonepe/status/${pay.merchantOrderId}`);
    expect((await orderOf(env, pay.orderId, user.headers)).status).toBe('PAID');
    await settleJobs(env);

    const done = (await status(pay.merchantOrderId)).json();
    expect(done).toMatchObject({
      status: 'COMPLETED',
      merchantOrderId: pay.merchantOrderId,
      orderId: pay.orderId,
      amount: (pay.charge.totalPaise / 100).toFixed(2),
      paymentMode: 'UPI',
      billerName: 'Airtel',
      orderStatus: 'SUCCESS',
      txnReferenceId: expect.stringMatching(/^[A-Z0-9]{20}$/),
      approvalRefNum: expect.any(String),
      transactionId: expect.any(String),
      message: expect.stringContaining('Airtel'),
    });
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order).toMatchObject({ kind: 'recharge', planId: recharge.plan.id, gateway: 'phonepe' });
    expect(await gatewayLedger(env, 'phonepe', pay.merchantOrderId)).toMatchObject({
      charges: 1,
      refunds: 0,
    });
    expect(await networkPayments(env, pay.orderId)).toMatchObject([{ status: 'SUCCESS', payCalls: 1 }]);
  });

  it('reports a failed payment as FAILED and keeps polling harmless', async () => {
    const { pay } = await rechargeWithPhonepe('9876512302');
    await payAtPhonepe(pay.redirectUrl, 'failure');
    expect((await status(pay.merchantOrderId)).json()).toMatchObject({
      status: 'FAILED',
      orderStatus: 'PAYMENT_FAILED',
    });
    expect((await status(pay.merchantOrderId)).json().status).toBe('FAILED');
    expect(await gatewayLedger(env, 'phonepe', pay.merchantOrderId)).toBeUndefined();
  });

  it('finds a payment through the status poll when PhonePe settles it later', async () => {
    const { pay } = await rechargeWithPhonepe('9876512303');
    await payAtPhonepe(pay.redirectUrl, 'pending');
    expect((await status(pay.merchantOrderId)).json().status).toBe('PENDING');
    await settleGateway(env, 'phonepe');
    await settleJobs(env);
    expect((await status(pay.merchantOrderId)).json().status).toBe('COMPLETED');
  });

  it("refuses a callback with a wrong authorization and another user's status poll", async () => {
    const { pay } = await rechargeWithPhonepe('9876512304');
    const forged = await env.app.inject({
      method: 'POST',
      url: '/api/phonepe/callback',
      headers: { authorization: phonepeCallbackAuthorization('ertipay', 'guessed-password') },
      payload: {
        event: 'checkout.order.completed',
        payload: { merchantOrderId: pay.merchantOrderId, orderId: 'OMO1', state: 'COMPLETED' },
      },
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await env.app.inject({ method: 'POST', url: '/api/phonepe/callback', payload: {} });
    expect(unsigned.statusCode).toBe(401);
    expect((await orderOf(env, pay.orderId, user.headers)).status).toBe('PAYMENT_PENDING');
    expect(await callbackEvents(pay.orderId)).toHaveLength(0);
    const stranger = await signedInUser(env);
    expect((await status(pay.merchantOrderId, stranger)).statusCode).toBe(404);
  });

  it('counts the same callback twice once: one charge, one bill payment', async () => {
    const { pay } = await rechargeWithPhonepe('9876512305');
    env.sandbox.faults.add({ path: '/phonepe/pay-page', kind: 'duplicate', count: 1 });
    await payAtPhonepe(pay.redirectUrl, 'success');
    await settleJobs(env);
    expect(await callbackEvents(pay.orderId)).toHaveLength(1);
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.status).toBe('SUCCESS');
    expect(order.events.filter((event) => event.toStatus === 'PAID')).toHaveLength(1);
    expect(await networkPayments(env, pay.orderId)).toMatchObject([{ payCalls: 1 }]);
  });

  it('is not fooled by callbacks out of order: a stale "failed" before "completed"', async () => {
    const { pay } = await rechargeWithPhonepe('9876512306');
    env.sandbox.faults.add({ path: '/phonepe/pay-page', kind: 'outOfOrder', count: 1 });
    await payAtPhonepe(pay.redirectUrl, 'success');
    await settleJobs(env);
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.status).toBe('SUCCESS');
    expect(order.events.map((event) => event.toStatus)).not.toContain('PAYMENT_FAILED');
    expect(await callbackEvents(pay.orderId)).toHaveLength(2);
  });

  it('pays a fetched bill and refunds it through PhonePe when the network refuses it', async () => {
    const bill = await fetchBill(env, electricity, '0009', user.headers);
    const response = await api(env, 'POST', '/phonepe/pay', user.headers, {
      amount: bill.amount,
      billReq: bill.billReq,
      billRes: bill.billRes,
    });
    const pay = response.json();
    await payAtPhonepe(pay.redirectUrl, 'success');
    await settleJobs(env);
    expect((await status(pay.merchantOrderId)).json()).toMatchObject({
      status: 'PENDING',
      orderStatus: 'REFUND_PENDING',
    });
    await settleGateway(env, 'phonepe');
    await settleJobs(env);
    expect((await status(pay.merchantOrderId)).json()).toMatchObject({
      status: 'FAILED',
      orderStatus: 'REFUNDED',
    });
    const ledger = await gatewayLedger(env, 'phonepe', pay.merchantOrderId);
    expect(ledger).toMatchObject({
      charges: 1,
      refunds: 1,
      charged: pay.charge.totalPaise,
      refunded: pay.charge.totalPaise,
    });
  });
});

describe('merchant refunds (the service the merchant dashboard uses)', () => {
  it('refunds part of a successful payment, never more than is left, and only once in full', async () => {
    const { pay } = await rechargeWithPhonepe('9876512307');
    await payAtPhonepe(pay.redirectUrl, 'success');
    await settleJobs(env);
    const refunds = createRefunds(env.built.deps);
    const request = { note: 'Customer asked', requestedBy: 'usr_merchant', reason: 'merchant' as const };
    const part = await refunds.requestRefund(undefined, {
      ...request,
      merchantOrderId: pay.merchantOrderId,
      amountPaise: 500,
    });
    expect(part).toMatchObject({
      amountPaise: 500,
      status: 'PENDING',
      gatewayRefundId: expect.stringMatching(/^OMR/),
    });
    await expect(
      refunds.requestRefund(undefined, {
        ...request,
        orderId: pay.orderId,
        amountPaise: pay.charge.totalPaise,
      }),
    ).rejects.toThrow('At most');
    await refunds.requestRefund(undefined, { ...request, orderId: pay.orderId });
    await expect(refunds.requestRefund(undefined, { ...request, orderId: pay.orderId })).rejects.toThrow(
      'already been refunded in full',
    );
    await settleGateway(env, 'phonepe');
    await settleJobs(env);
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.status).toBe('REFUNDED');
    expect(order.refunds.map((refund) => refund.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(await gatewayLedger(env, 'phonepe', pay.merchantOrderId)).toMatchObject({
      refunds: 2,
      refunded: pay.charge.totalPaise,
    });
  });

  it("learns that a refund completed from PhonePe's callback, without asking again", async () => {
    const { pay } = await rechargeWithPhonepe('9876512309');
    await payAtPhonepe(pay.redirectUrl, 'success');
    await settleJobs(env);
    const refunds = createRefunds(env.built.deps);
    await refunds.requestRefund(undefined, {
      note: 'Customer asked',
      requestedBy: 'usr_merchant',
      reason: 'merchant',
      orderId: pay.orderId,
    });
    expect((await orderOf(env, pay.orderId, user.headers)).refunds[0]?.status).toBe('PENDING');

    await settleGateway(env, 'phonepe'); // completes the refund and posts pg.refund.completed; no job runs
    const order = await orderOf(env, pay.orderId, user.headers);
    expect(order.refunds.map((refund) => refund.status)).toEqual(['COMPLETED']);
    expect(order.status).toBe('REFUNDED');
    const events = (await callbackEvents(pay.orderId)).map((event) => event.providerEventKey);
    expect(events.filter((key) => key.startsWith('pg.refund.completed:'))).toHaveLength(1);
  });

  it('refuses to refund a payment that was never taken', async () => {
    const { pay } = await rechargeWithPhonepe('9876512308');
    const refunds = createRefunds(env.built.deps);
    await expect(
      refunds.requestRefund(undefined, {
        orderId: pay.orderId,
        note: 'x',
        requestedBy: 'usr_m',
        reason: 'merchant',
      }),
    ).rejects.toThrow('Only payments that were taken');
  });
});
