import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../app.ts';
import { sandboxConfigFor } from '../config.ts';

let sandbox: Sandbox;
let headers: Record<string, string>;
const config = sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://127.0.0.1:9' });
const DAY_MS = 86_400_000;

beforeAll(async () => {
  sandbox = await buildSandbox(config);
  const issued = await sandbox.app.inject({
    method: 'POST',
    url: '/phonepe/v1/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: config.phonepeClientId,
      client_secret: config.phonepeClientSecret,
      grant_type: 'client_credentials',
    }).toString(),
  });
  headers = { authorization: `O-Bearer ${issued.json().access_token}` };
});
afterAll(async () => {
  await sandbox.app.close();
});
afterEach(async () => {
  sandbox.faults.clear();
  await sandbox.app.inject({ method: 'DELETE', url: '/phonepe/_sandbox/clock' });
});

const post = (url: string, payload: unknown) =>
  sandbox.app.inject({ method: 'POST', url, headers, payload: payload as never });

async function advanceClock(advanceMs: number) {
  await sandbox.app.inject({ method: 'POST', url: '/phonepe/_sandbox/clock', payload: { advanceMs } });
}

/** Moves the AutoPay clock to the next hh:mm IST at least `afterMs` on. */
async function advanceToIst(afterMs: number, hour: number, minute: number) {
  const now = Date.parse(
    (await sandbox.app.inject({ method: 'GET', url: '/phonepe/_sandbox/clock' })).json().now,
  );
  const ist = new Date(now + afterMs + 330 * 60_000);
  let target =
    Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), hour, minute) - 330 * 60_000;
  if (target < now + afterMs) target += DAY_MS;
  await advanceClock(target - now);
}

/** An approved mandate of `maxAmount` paise, and a notified debit of `amount` on it. */
async function notifiedDebit(id: string, maxAmount: number, amount: number) {
  const setup = await post('/phonepe/checkout/v2/pay', {
    merchantOrderId: `S${id}`,
    amount: 200,
    paymentFlow: {
      type: 'SUBSCRIPTION_CHECKOUT_SETUP',
      merchantUrls: { redirectUrl: 'http://api.test/back' },
      subscriptionDetails: {
        subscriptionType: 'RECURRING',
        merchantSubscriptionId: `M${id}`,
        authWorkflowType: 'PENNY_DROP',
        amountType: 'VARIABLE',
        maxAmount,
        frequency: 'ON_DEMAND',
      },
    },
  });
  expect(setup.json().redirectUrl).toMatch(/^http:\/\/sandbox\.test\/phonepe\/mandate-page\/OMO/);
  const page = new URL(setup.json().redirectUrl).pathname;
  expect((await sandbox.app.inject({ method: 'GET', url: page })).body).toContain('Approve AutoPay');
  await sandbox.app.inject({ method: 'POST', url: page, payload: { outcome: 'approve' } });
  const notify = (merchantOrderId: string, value: number) =>
    post('/phonepe/subscriptions/v2/notify', {
      merchantOrderId,
      amount: value,
      paymentFlow: {
        type: 'SUBSCRIPTION_REDEMPTION',
        merchantSubscriptionId: `M${id}`,
        redemptionRetryStrategy: 'CUSTOM',
        autoDebit: false,
      },
    });
  const notice = await notify(`D${id}`, amount);
  expect(notice.json()).toMatchObject({ state: 'NOTIFICATION_IN_PROGRESS' });
  return { notify, redeem: () => post('/phonepe/subscriptions/v2/redeem', { merchantOrderId: `D${id}` }) };
}

describe('PhonePe AutoPay sandbox', () => {
  it('needs a token, a valid setup, and refuses a notice above the mandate', async () => {
    const bare = await sandbox.app.inject({
      method: 'POST',
      url: '/phonepe/subscriptions/v2/redeem',
      payload: {},
    });
    expect(bare.statusCode).toBe(401);
    const { notify } = await notifiedDebit('LIMIT1', 100_000, 100_000);
    const above = await notify('DLIMIT2', 100_001);
    expect(above.json()).toMatchObject({ code: 'AMOUNT_LIMIT_EXCEEDED' });
    const bad = await post('/phonepe/checkout/v2/pay', {
      merchantOrderId: 'SBAD',
      amount: 200,
      paymentFlow: {
        type: 'SUBSCRIPTION_CHECKOUT_SETUP',
        merchantUrls: { redirectUrl: 'http://api.test/b' },
      },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('debits no sooner than 24 hours after the notice', async () => {
    const { redeem } = await notifiedDebit('EARLY1', 500_000, 10_000);
    expect((await redeem()).json()).toMatchObject({ code: 'REDEMPTION_TOO_EARLY' });
    await advanceClock(DAY_MS);
    expect((await redeem()).json()).toMatchObject({ state: 'PENDING', transactionId: expect.any(String) });
    const status = await sandbox.app.inject({
      method: 'GET',
      url: '/phonepe/subscriptions/v2/order/DEARLY1/status',
      headers,
    });
    expect(status.json()).toMatchObject({
      state: 'COMPLETED',
      paymentFlow: { type: 'SUBSCRIPTION_REDEMPTION' },
    });
    expect((await redeem()).json()).toMatchObject({ code: 'ORDER_ALREADY_COMPLETED' });
  });

  it('retries a failed debit only off-peak, three times at most', async () => {
    // Noticed at 09:00 IST whatever the hour the suite runs, so the retries fall inside the 48-hour window.
    await advanceToIst(0, 9, 0);
    const { redeem } = await notifiedDebit('RETRY1', 500_000, 10_000);
    await advanceToIst(DAY_MS, 11, 0);
    sandbox.faults.add({ path: '/phonepe/subscriptions/v2/redeem', kind: 'fail' });
    expect((await redeem()).statusCode).toBe(200);
    expect((await redeem()).json()).toMatchObject({ code: 'RETRY_OUTSIDE_OFF_PEAK' });
    await advanceToIst(0, 13, 1);
    for (let retry = 0; retry < 3; retry += 1) expect((await redeem()).statusCode).toBe(200);
    expect((await redeem()).json()).toMatchObject({ code: 'RETRIES_EXHAUSTED' });
  });

  it('refuses debits once the customer revoked the mandate', async () => {
    const { redeem } = await notifiedDebit('REVOKE1', 500_000, 10_000);
    const revoked = await sandbox.app.inject({
      method: 'POST',
      url: '/phonepe/_sandbox/subscriptions/MREVOKE1/revoke',
    });
    expect(revoked.json()).toMatchObject({ state: 'REVOKED' });
    await advanceClock(DAY_MS);
    expect((await redeem()).json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_ACTIVE' });
    const cancel = await post('/phonepe/subscriptions/v2/MREVOKE1/cancel', undefined);
    expect(cancel.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_ACTIVE' });
  });

  it('leaves a debit pending then fails it when both faults are set, and records its notice and attempts', async () => {
    const { redeem } = await notifiedDebit('LATEFAIL1', 500_000, 10_000);
    await advanceClock(DAY_MS);
    sandbox.faults.add({ path: '/phonepe/subscriptions/v2/redeem', kind: 'fail', count: 1 });
    sandbox.faults.add({ path: '/phonepe/subscriptions/v2/redeem', kind: 'pending', count: 1 });
    expect((await redeem()).json()).toMatchObject({ state: 'PENDING' });
    const order = () =>
      sandbox.app.inject({
        method: 'GET',
        url: '/phonepe/subscriptions/v2/order/DLATEFAIL1/status',
        headers,
      });
    expect((await order()).json()).toMatchObject({ state: 'PENDING' });
    await sandbox.app.inject({ method: 'POST', url: '/phonepe/_sandbox/autopay/settle' });
    expect((await order()).json()).toMatchObject({ state: 'FAILED' });
    const records = (
      await sandbox.app.inject({ method: 'GET', url: '/phonepe/_sandbox/autopay/redemptions' })
    ).json().redemptions as { merchantOrderId: string; notifiedAt: number; attempts: { at: number }[] }[];
    const record = records.find((candidate) => candidate.merchantOrderId === 'DLATEFAIL1');
    expect(record?.attempts).toHaveLength(1);
    expect((record?.attempts[0]?.at ?? 0) - (record?.notifiedAt ?? 0)).toBeGreaterThanOrEqual(DAY_MS);
    // Both rules were taken by the one request: nothing is left to apply to the next.
    expect(sandbox.faults.list().every((rule) => rule.hits === 1)).toBe(true);
  });
});
