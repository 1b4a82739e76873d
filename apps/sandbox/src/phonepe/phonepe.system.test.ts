import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSandbox, type Sandbox } from '../app.ts';
import { sandboxConfigFor } from '../config.ts';

let sandbox: Sandbox;
const config = sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://127.0.0.1:9' });

beforeAll(async () => {
  sandbox = await buildSandbox(config);
});
afterAll(async () => {
  await sandbox.app.close();
});

async function token(secret = config.phonepeClientSecret) {
  return sandbox.app.inject({
    method: 'POST',
    url: '/phonepe/v1/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: config.phonepeClientId,
      client_secret: secret,
      client_version: '1',
      grant_type: 'client_credentials',
    }).toString(),
  });
}

describe('PhonePe sandbox', () => {
  it('issues O-Bearer tokens to the right client only, and pay needs one', async () => {
    expect((await token('wrong')).json().code).toBe('INVALID_CLIENT');
    const issued = (await token()).json();
    expect(issued).toMatchObject({ token_type: 'O-Bearer', expires_at: issued.issued_at + 3600 });
    const body = {
      merchantOrderId: 'EP1',
      amount: 1000,
      paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 'http://api.test/back' } },
    };
    expect(
      (await sandbox.app.inject({ method: 'POST', url: '/phonepe/checkout/v2/pay', payload: body }))
        .statusCode,
    ).toBe(401);
    const headers = { authorization: `O-Bearer ${issued.access_token}` };
    const paid = await sandbox.app.inject({
      method: 'POST',
      url: '/phonepe/checkout/v2/pay',
      headers,
      payload: body,
    });
    expect(paid.json()).toMatchObject({
      state: 'PENDING',
      redirectUrl: expect.stringContaining('http://sandbox.test/phonepe/pay-page/'),
    });
    const small = await sandbox.app.inject({
      method: 'POST',
      url: '/phonepe/checkout/v2/pay',
      headers,
      payload: { ...body, merchantOrderId: 'EP2', amount: 99 },
    });
    expect(small.statusCode).toBe(400);
    const status = await sandbox.app.inject({
      method: 'GET',
      url: '/phonepe/checkout/v2/order/EP1/status',
      headers,
    });
    expect(status.json()).toMatchObject({
      merchantOrderId: 'EP1',
      state: 'PENDING',
      amount: 1000,
      paymentDetails: [],
    });
    const unknown = await sandbox.app.inject({
      method: 'GET',
      url: '/phonepe/checkout/v2/order/NOPE/status',
      headers,
    });
    expect(unknown.json().code).toBe('MERCHANT_ORDER_MAPPING_NOT_FOUND');
  });

  it('takes no payment once the order has expired (expireAfter), and says FAILED', async () => {
    const headers = { authorization: `O-Bearer ${(await token()).json().access_token}` };
    const created = await sandbox.app.inject({
      method: 'POST',
      url: '/phonepe/checkout/v2/pay',
      headers,
      payload: {
        merchantOrderId: 'EPEXPIRED1',
        amount: 1000,
        expireAfter: 300,
        paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 'http://api.test/back' } },
      },
    });
    const payPage = new URL(created.json().redirectUrl).pathname;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    try {
      const late = await sandbox.app.inject({
        method: 'POST',
        url: payPage,
        payload: { outcome: 'success', paymentMode: 'UPI_INTENT' },
      });
      expect(late.statusCode).toBe(303);
      const ledger = await sandbox.app.inject({ method: 'GET', url: '/phonepe/_sandbox/ledger' });
      expect(
        ledger.json().orders.find((entry: { order: string }) => entry.order === 'EPEXPIRED1'),
      ).toBeUndefined();
      const status = await sandbox.app.inject({
        method: 'GET',
        url: '/phonepe/checkout/v2/order/EPEXPIRED1/status',
        headers,
      });
      expect(status.json()).toMatchObject({ state: 'FAILED', errorCode: 'TXN_EXPIRED', paymentDetails: [] });
    } finally {
      vi.useRealTimers();
    }
  });
});
