import { messages } from '@erti/contracts';
import { razorpayWebhookSignature } from '@erti/protocols';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewayEvents } from '../src/db/schema/payments.ts';
import { type SignedInUser, signedInUser } from './support/bill-network.ts';
import { api, gatewayLedger, orderOf, payAtRazorpay, postForm, settleJobs } from './support/payment-flows.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
let user: SignedInUser;

beforeAll(async () => {
  env = await startTestEnv({ GATEWAY_TIMEOUT_MS: 3_000 });
  user = await signedInUser(env);
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandbox.faults.clear();
});

const receipt = () => `rcpt${crypto.randomUUID().slice(0, 8)}`;

async function createOrder(amount = 24_900) {
  const response = await api(env, 'POST', '/bbps/pg/create-order', user.headers, {
    amount,
    currency: 'INR',
    receipt: receipt(),
    notes: { purpose: 'test' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const eventsOf = (orderId: string) =>
  env.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.orderId, orderId));

async function sendWebhook(body: string, signature: string, eventId: string) {
  return env.app.inject({
    method: 'POST',
    url: '/api/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': eventId,
    },
    payload: body,
  });
}

describe('Razorpay test payment page', () => {
  it('creates a Razorpay order for the asked amount and answers what the checkout form needs', async () => {
    const order = await createOrder();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^order_/),
      amount: 24_900,
      currency: 'INR',
      keyId: env.config.RAZORPAY_KEY_ID,
      checkoutUrl: `${env.sandboxUrl}/razorpay/v1/checkout/embedded`,
      callbackUrl: `${env.apiUrl}/api/razorpay/callback`,
      cancelUrl: `${env.apiUrl}/payment-failure?orderId=${order.orderId}`,
      orderId: expect.stringMatching(/^ord_/),
    });
    expect((await orderOf(env, order.orderId, user.headers)).status).toBe('PAYMENT_PENDING');
  });

  it('refuses amounts outside ₹1 to ₹1,00,000, a bad receipt and a caller not signed in', async () => {
    for (const amount of [99, 10_000_001, 12.5]) {
      const response = await api(env, 'POST', '/bbps/pg/create-order', user.headers, {
        amount,
        currency: 'INR',
        receipt: receipt(),
      });
      expect(response.statusCode).toBe(400);
    }
    const shortReceipt = await api(env, 'POST', '/bbps/pg/create-order', user.headers, {
      amount: 500,
      currency: 'INR',
      receipt: 'r1',
    });
    expect(shortReceipt.statusCode).toBe(400);
    const anonymous = await api(
      env,
      'POST',
      '/bbps/pg/create-order',
      {},
      { amount: 500, currency: 'INR', receipt: receipt() },
    );
    expect(anonymous.json()).toMatchObject({ statusCode: 401, message: messages.validation.loginToContinue });
  });

  it('pays: signed callback checked against our order id, payment fetched, order SUCCESS; webhooks agree', async () => {
    const order = await createOrder();
    const back = await payAtRazorpay(order, 'success');
    expect(back.action).toBe(order.callbackUrl);
    expect(Object.keys(back.fields).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    const returned = await postForm(back.action, back.fields);
    expect(returned.location).toBe(`${env.apiUrl}/payment-success?orderId=${order.orderId}`);
    await settleJobs(env);
    const paid = await orderOf(env, order.orderId, user.headers);
    expect(paid).toMatchObject({
      status: 'SUCCESS',
      kind: 'test',
      total: 24_900,
      transactionId: back.fields.razorpay_payment_id,
    });
    expect(paid.events.filter((event) => event.toStatus === 'PAID')).toHaveLength(1);
    expect(await gatewayLedger(env, 'razorpay', order.id)).toMatchObject({
      charges: 1,
      charged: 24_900,
      refunded: 0,
    });
  });

  it('records a failed payment posted back with error fields as PAYMENT_FAILED', async () => {
    const order = await createOrder();
    const back = await payAtRazorpay(order, 'failure');
    expect(back.fields['error[code]']).toBe('BAD_REQUEST_ERROR');
    const returned = await postForm(back.action, back.fields);
    expect(returned.location).toBe(`${env.apiUrl}/payment-failure?orderId=${order.orderId}`);
    expect((await orderOf(env, order.orderId, user.headers)).status).toBe('PAYMENT_FAILED');
  });

  it('refuses a callback whose signature is forged: nothing moves', async () => {
    const order = await createOrder();
    const other = await createOrder();
    const genuine = await payAtRazorpay(other, 'success');
    // A real payment id and signature of another order, replayed against this one.
    const forged = { ...genuine.fields, razorpay_order_id: order.id };
    const returned = await postForm(order.callbackUrl, forged);
    expect(returned.location).toBe(`${env.apiUrl}/payment-failure`);
    expect((await orderOf(env, order.orderId, user.headers)).status).toBe('PAYMENT_PENDING');
    expect(await eventsOf(order.orderId)).toMatchObject([{ verified: 'no' }]);
  });

  it('verifies webhooks over the raw body and counts a replayed event once', async () => {
    const order = await createOrder();
    env.sandbox.faults.add({ path: '/razorpay/v1/checkout/embedded/', kind: 'duplicate', count: 1 });
    await payAtRazorpay(order, 'success');
    const events = await eventsOf(order.orderId);
    expect(
      events.map((event) => event.providerEventKey).filter((key) => key.startsWith('evt_')),
    ).toHaveLength(2);
    expect((await orderOf(env, order.orderId, user.headers)).status).toBe('SUCCESS');

    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_x', order_id: order.id } } },
    });
    const forged = await sendWebhook(body, razorpayWebhookSignature(body, 'not-the-secret'), 'evt_forged1');
    expect(forged.statusCode).toBe(401);
    const reformatted = await sendWebhook(
      JSON.stringify(JSON.parse(body), null, 2),
      razorpayWebhookSignature(body, env.config.RAZORPAY_WEBHOOK_SECRET),
      'evt_forged2',
    );
    expect(reformatted.statusCode).toBe(401);
    const signed = razorpayWebhookSignature(body, env.config.RAZORPAY_WEBHOOK_SECRET);
    expect((await sendWebhook(body, signed, 'evt_same')).statusCode).toBe(200);
    expect((await sendWebhook(body, signed, 'evt_same')).statusCode).toBe(200);
    expect(
      (await eventsOf(order.orderId)).filter((event) => event.providerEventKey === 'evt_same'),
    ).toHaveLength(1);
    expect(await gatewayLedger(env, 'razorpay', order.id)).toMatchObject({ charges: 1 });
  });

  it('survives webhooks out of order (order.paid before payment.captured)', async () => {
    const order = await createOrder();
    env.sandbox.faults.add({ path: '/razorpay/v1/checkout/embedded/', kind: 'outOfOrder', count: 1 });
    await payAtRazorpay(order, 'success');
    const paid = await orderOf(env, order.orderId, user.headers);
    expect(paid.status).toBe('SUCCESS');
    expect(paid.events.filter((event) => event.toStatus === 'PAID')).toHaveLength(1);
  });
});
