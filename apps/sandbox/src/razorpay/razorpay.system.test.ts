import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app.ts';
import { sandboxConfigFor } from '../config.ts';

let sandbox: Sandbox;
const config = sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://127.0.0.1:9' });
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

beforeAll(async () => {
  sandbox = await buildSandbox(config);
});
afterAll(async () => {
  await sandbox.app.close();
});

describe('Razorpay sandbox', () => {
  it('needs Basic auth with the key pair and validates orders like Razorpay', async () => {
    const order = { amount: 500, currency: 'INR', receipt: 'r-1' };
    const anonymous = await sandbox.app.inject({
      method: 'POST',
      url: '/razorpay/v1/orders',
      payload: order,
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await sandbox.app.inject({
      method: 'POST',
      url: '/razorpay/v1/orders',
      headers: basic(config.razorpayKeyId, 'guess'),
      payload: order,
    });
    expect(wrong.statusCode).toBe(401);
    const tooSmall = await sandbox.app.inject({
      method: 'POST',
      url: '/razorpay/v1/orders',
      headers: basic(config.razorpayKeyId, config.razorpayKeySecret),
      payload: { ...order, amount: 99 },
    });
    expect(tooSmall.json().error.description).toBe('The amount must be at least INR 1.00');
    const created = await sandbox.app.inject({
      method: 'POST',
      url: '/razorpay/v1/orders',
      headers: basic(config.razorpayKeyId, config.razorpayKeySecret),
      payload: order,
    });
    expect(created.json()).toMatchObject({ entity: 'order', amount: 500, status: 'created', notes: [] });
  });
});
