import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app.ts';
import { sandboxConfigFor } from '../config.ts';

let sandbox: Sandbox;
const config = sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://127.0.0.1:9' });
const headers = {
  authorization: `Basic ${Buffer.from(`${config.razorpayKeyId}:${config.razorpayKeySecret}`).toString('base64')}`,
};
const DAY_S = 86_400;

beforeAll(async () => {
  sandbox = await buildSandbox(config);
});
afterAll(async () => {
  await sandbox.app.close();
});
afterEach(() => {
  sandbox.faults.clear();
});

const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
  sandbox.app.inject({ method, url: `/razorpay/v1${url}`, headers, payload: payload as never });
const seconds = () => Math.floor(Date.now() / 1000);

/** A customer who authorised a mandate of `maxAmount` paise on the checkout; answers the ids. */
async function confirmedToken(email: string, maxAmount: number) {
  const customer = (await call('POST', '/customers', { name: 'Asha', email, contact: '9876543210' })).json();
  const order = (
    await call('POST', '/orders', {
      amount: 100,
      currency: 'INR',
      receipt: `auth-${email}`,
      customer_id: customer.id,
      method: 'upi',
      payment_capture: false,
      token: { max_amount: maxAmount, expire_at: seconds() + 365 * DAY_S, frequency: 'as_presented' },
    })
  ).json();
  const fields = {
    key_id: config.razorpayKeyId,
    order_id: order.id,
    customer_id: customer.id,
    recurring: '1',
    callback_url: 'http://api.test/back',
  };
  const page = await sandbox.app.inject({
    method: 'POST',
    url: '/razorpay/v1/checkout/embedded',
    payload: fields,
  });
  expect(page.statusCode).toBe(200);
  await sandbox.app.inject({
    method: 'POST',
    url: `/razorpay/v1/checkout/embedded/${order.id}`,
    payload: { ...fields, outcome: 'success' },
  });
  const payments = (await call('GET', `/orders/${order.id}/payments`)).json();
  expect(payments.items[0]).toMatchObject({
    status: 'authorized',
    captured: false,
    token_id: expect.any(String),
  });
  return { customerId: customer.id as string, tokenId: payments.items[0].token_id as string };
}

describe('Razorpay recurring sandbox', () => {
  it('answers the same customer when asked not to fail, and refuses a checkout of a mandate without recurring=1', async () => {
    const first = (await call('POST', '/customers', { email: 'same@example.com', contact: '9' })).json();
    const again = await call('POST', '/customers', {
      email: 'same@example.com',
      contact: '9',
      fail_existing: '0',
    });
    expect(again.json().id).toBe(first.id);
    expect((await call('POST', '/customers', { email: 'same@example.com', contact: '9' })).statusCode).toBe(
      400,
    );
    const order = (
      await call('POST', '/orders', {
        amount: 100,
        currency: 'INR',
        receipt: 'auth-norec',
        customer_id: first.id,
        token: { max_amount: 10_000, expire_at: seconds() + DAY_S, frequency: 'monthly' },
      })
    ).json();
    const page = await sandbox.app.inject({
      method: 'POST',
      url: '/razorpay/v1/checkout/embedded',
      payload: {
        key_id: config.razorpayKeyId,
        order_id: order.id,
        customer_id: first.id,
        callback_url: 'http://a.test/b',
      },
    });
    expect(page.statusCode).toBe(400);
  });

  it("takes a debit's notice only 24 hours ahead, within the token, and the debit only after it", async () => {
    const { customerId, tokenId } = await confirmedToken('notice@example.com', 50_000);
    const debitOrder = (paymentAfter: number, amount = 20_000) =>
      call('POST', '/orders', {
        amount,
        currency: 'INR',
        receipt: `debit-${paymentAfter}-${amount}`,
        customer_id: customerId,
        notification: { token_id: tokenId, payment_after: paymentAfter },
      });
    expect((await debitOrder(seconds() + DAY_S - 60)).json().error.description).toMatch(/24 hours/);
    expect((await debitOrder(seconds() + DAY_S + 60, 50_001)).json().error.description).toMatch(
      /maximum amount/,
    );
    const order = (await debitOrder(seconds() + DAY_S + 60)).json();
    expect(order.notification).toMatchObject({ status: 'delivered' });
    const pay = () =>
      call('POST', '/payments/create/recurring', {
        email: 'notice@example.com',
        contact: '9876543210',
        amount: 20_000,
        currency: 'INR',
        order_id: order.id,
        customer_id: customerId,
        token: tokenId,
        recurring: '1',
      });
    expect((await pay()).json().error.description).toMatch(/payment_after/);
    await sandbox.app.inject({
      method: 'POST',
      url: '/razorpay/_sandbox/clock',
      payload: { advanceMs: (DAY_S + 120) * 1000 },
    });
    const paid = (await pay()).json();
    expect(paid).toMatchObject({
      razorpay_order_id: order.id,
      razorpay_payment_id: expect.stringMatching(/^pay_/),
    });
    expect((await pay()).json().error.description).toMatch(/already been paid/);
    await sandbox.app.inject({ method: 'DELETE', url: '/razorpay/_sandbox/clock' });
  });

  it('fails a notice under the fault, and cancels a token once', async () => {
    const { customerId, tokenId } = await confirmedToken('fault@example.com', 50_000);
    sandbox.faults.add({ path: '/razorpay/v1/orders', kind: 'fail', count: 1 });
    const order = await call('POST', '/orders', {
      amount: 10_000,
      currency: 'INR',
      receipt: 'debit-fault',
      customer_id: customerId,
      notification: { token_id: tokenId, payment_after: seconds() + DAY_S + 60 },
    });
    expect(order.json().notification).toMatchObject({ status: 'failed' });
    const cancel = () => call('PUT', `/customers/${customerId}/tokens/${tokenId}/cancel`);
    expect((await cancel()).json()).toMatchObject({ recurring_details: { status: 'cancelled' } });
    expect((await cancel()).statusCode).toBe(400);
  });
});
