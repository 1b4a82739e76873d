import { phonepeCallbackAuthorization } from '@erti/protocols';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MandateSetup } from '../src/integrations/mandate-gateway.ts';
import { GatewayAnswerUnreadableError } from '../src/integrations/payment-gateway.ts';
import {
  answerPhonepeMandatePage,
  chargeRefOf,
  debitOf,
  expectFailedDebitOpen,
  expectInFlightDebitOnce,
  expectRetriedDebitPaid,
  mandateCallbacks,
  mandateEventJobs,
  mandateSetup,
  mandatesAt,
} from './support/mandates.ts';
import { gatewayLedger } from './support/payment-flows.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
let phonepe: ReturnType<typeof mandatesAt>;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  env = await startTestEnv();
  phonepe = mandatesAt(env, 'phonepe');
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandbox.faults.clear();
});

/** A mandate the customer has authorised. */
async function activeMandate(setup: MandateSetup = mandateSetup(env)) {
  const { mandate, handOff } = await phonepe.mandates.setUp(setup);
  expect(handOff.method).toBe('GET');
  await answerPhonepeMandatePage(handOff.url, 'approve');
  return mandate;
}

describe('PhonePe AutoPay mandates over HTTP', () => {
  it('runs a mandate from setup to cancel: authorise, notify, refuse a debit sooner than 24 h, debit once, cancel', async () => {
    const setup = mandateSetup(env);
    const { mandate, handOff } = await phonepe.mandates.setUp(setup);
    expect(handOff).toEqual({
      method: 'GET',
      url: expect.stringContaining(`${env.sandboxUrl}/phonepe/mandate-page/`),
    });
    expect((await phonepe.mandates.status(mandate)).state).toBe('PENDING');
    // Setting the same mandate up again (a retried request) answers the first.
    expect((await phonepe.mandates.setUp(setup)).mandate).toEqual(mandate);

    expect(await answerPhonepeMandatePage(handOff.url, 'approve')).toBe(setup.returnUrl);
    expect(await phonepe.mandates.status(mandate)).toMatchObject({
      state: 'ACTIVE',
      maxAmountPaise: 500_000,
    });

    const debitId = `DB${setup.mandateId.slice(2)}`;
    const notice = await phonepe.mandates.notify(mandate, {
      debitId,
      amountPaise: 123_400,
      debitAt: phonepe.now(),
      description: 'BESCOM bill',
    });
    expect(notice.state).toBe('NOTIFYING');
    expect(notice.debitableFrom.getTime()).toBeGreaterThanOrEqual(phonepe.now().getTime() + DAY_MS - 1000);
    const debit = debitOf(mandate, debitId, notice.gatewayOrderId);
    expect(await phonepe.mandates.checkDebit(debit)).toMatchObject({ state: 'NOT_ATTEMPTED', attempts: 0 });
    // As a payment, a notified debit is open, not an abandoned hand-off: our debit may be retrying a
    // call that did not get through, and the gateway would still take it.
    expect(await phonepe.payments.checkCharge(chargeRefOf(debit))).toMatchObject({ state: 'PENDING' });

    await phonepe.advance(DAY_MS - 60_000);
    await expect(phonepe.mandates.debit(debit)).rejects.toMatchObject({ reason: 'TOO_EARLY' });

    await phonepe.advance(2 * 60_000);
    const debited = await phonepe.mandates.debit(debit);
    expect(debited).toMatchObject({ state: 'COMPLETED', amountPaise: 123_400, attempts: 1 });
    // Asking again (a retried job) answers the same debit: the money moved once.
    expect(await phonepe.mandates.debit(debit)).toMatchObject({
      state: 'COMPLETED',
      paymentId: debited.paymentId,
    });
    expect(await gatewayLedger(env, 'phonepe', debitId)).toMatchObject({ charged: 123_400, charges: 1 });
    // The mandate's authorisation took no money (no fee for setting a mandate up).
    expect(await gatewayLedger(env, 'phonepe', setup.setupOrderId)).toBeUndefined();

    expect((await phonepe.mandates.cancel(mandate)).state).toBe('CANCELLED');
    await expect(
      phonepe.mandates.notify(mandate, {
        debitId: `${debitId}2`,
        amountPaise: 10_000,
        debitAt: phonepe.now(),
        description: 'x',
      }),
    ).rejects.toMatchObject({ reason: 'MANDATE_NOT_ACTIVE' });

    // Every step's callback reached the api, verified, and was queued once for AutoPay.
    const events = (await mandateCallbacks(env, 'phonepe')).map((callback) => callback.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'subscription.setup.order.completed',
        'subscription.notification.completed',
        'subscription.redemption.order.completed',
        'subscription.cancelled',
      ]),
    );
    const queued = (await mandateEventJobs(env)).filter((job) => job.mandateId === setup.mandateId);
    expect(queued).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'subscription.redemption.order.completed',
          debitId,
          gateway: 'phonepe',
        }),
        expect.objectContaining({ event: 'subscription.cancelled' }),
      ]),
    );
  });

  it('refuses a debit above the mandate and a declined mandate stays unusable', async () => {
    const setup = mandateSetup(env, { maxAmountPaise: 100_000 });
    const mandate = await activeMandate(setup);
    await expect(
      phonepe.mandates.notify(mandate, {
        debitId: `DA${setup.mandateId}`,
        amountPaise: 100_001,
        debitAt: phonepe.now(),
        description: 'x',
      }),
    ).rejects.toMatchObject({ reason: 'ABOVE_MANDATE_LIMIT' });

    const declined = mandateSetup(env);
    const { mandate: refused, handOff } = await phonepe.mandates.setUp(declined);
    await answerPhonepeMandatePage(handOff.url, 'decline');
    expect((await phonepe.mandates.status(refused)).state).toBe('FAILED');
  });

  it('retries a failed debit only in the off-peak windows', async () => {
    // Noticed at 09:00 IST whatever the hour the suite runs: the retry below then falls inside the
    // notice's 48-hour window (at 11:01 IST the next 11:00 a day on is 47 h 59 min away).
    await phonepe.advanceToIst(0, 9, 0);
    const setup = mandateSetup(env);
    const mandate = await activeMandate(setup);
    const debitId = `DR${setup.mandateId.slice(2)}`;
    const notice = await phonepe.mandates.notify(mandate, {
      debitId,
      amountPaise: 123_400,
      debitAt: phonepe.now(),
      description: 'BESCOM bill',
    });
    const debit = debitOf(mandate, debitId, notice.gatewayOrderId);
    // 11:00 IST, a day on: a peak hour.
    await phonepe.advanceToIst(DAY_MS, 11, 0);
    env.sandbox.faults.add({ path: '/phonepe/subscriptions/v2/redeem', kind: 'fail', count: 1 });
    await expectFailedDebitOpen(phonepe, debit);

    await expect(phonepe.mandates.debit(debit)).rejects.toMatchObject({ reason: 'OUTSIDE_RETRY_WINDOW' });
    const retryAt = phonepe.mandates.nextRetryAt(phonepe.now());
    expect(retryAt.getTime() - phonepe.now().getTime()).toBeGreaterThan(2 * 3_600_000 - 60_000);

    await phonepe.advance(retryAt.getTime() - phonepe.now().getTime() + 60_000);
    await expectRetriedDebitPaid(phonepe, debit);
    expect(await gatewayLedger(env, 'phonepe', debitId)).toMatchObject({ charged: 123_400, charges: 1 });
  });

  it('never starts a second debit while one is in flight', async () => {
    const setup = mandateSetup(env);
    const mandate = await activeMandate(setup);
    const debitId = `DP${setup.mandateId.slice(2)}`;
    const notice = await phonepe.mandates.notify(mandate, {
      debitId,
      amountPaise: 123_400,
      debitAt: phonepe.now(),
      description: 'BESCOM bill',
    });
    await phonepe.advance(DAY_MS + 60_000);
    env.sandbox.faults.add({ path: '/phonepe/subscriptions/v2/redeem', kind: 'pending', count: 1 });
    const debit = debitOf(mandate, debitId, notice.gatewayOrderId);
    await expectInFlightDebitOnce(env, phonepe, debit, '/phonepe/_sandbox/autopay/settle');
    expect(await gatewayLedger(env, 'phonepe', debitId)).toMatchObject({ charged: 123_400, charges: 1 });
  });

  it('shows a mandate the customer revoked in their UPI app as revoked, told by a callback', async () => {
    const setup = mandateSetup(env);
    const mandate = await activeMandate(setup);
    const revoked = await fetch(
      `${env.sandboxUrl}/phonepe/_sandbox/subscriptions/${setup.mandateId}/revoke`,
      {
        method: 'POST',
      },
    );
    expect(revoked.status).toBe(200);
    expect((await phonepe.mandates.status(mandate)).state).toBe('REVOKED');
    expect((await mandateEventJobs(env)).filter((job) => job.mandateId === setup.mandateId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: 'subscription.revoked' })]),
    );
    // Cancelling what the customer already ended is no error: it is over either way.
    expect((await phonepe.mandates.cancel(mandate)).state).toBe('REVOKED');
  });

  it('refuses a debit whose notice was not delivered, and never guesses an unreadable state', async () => {
    const setup = mandateSetup(env);
    const mandate = await activeMandate(setup);
    env.sandbox.faults.add({ path: '/phonepe/subscriptions/v2/notify', kind: 'fail', count: 1 });
    const debitId = `DN${setup.mandateId.slice(2)}`;
    const notice = await phonepe.mandates.notify(mandate, {
      debitId,
      amountPaise: 10_000,
      debitAt: phonepe.now(),
      description: 'x',
    });
    const debit = debitOf(mandate, debitId, notice.gatewayOrderId);
    expect(await phonepe.mandates.checkDebit(debit)).toMatchObject({
      state: 'FAILED',
      attempts: 0,
      retryable: false,
    });
    await phonepe.advance(DAY_MS + 60_000);
    await expect(phonepe.mandates.debit(debit)).rejects.toMatchObject({ reason: 'NOT_NOTIFIED' });

    env.sandbox.faults.add({
      path: '/phonepe/subscriptions/v2/',
      method: 'GET',
      kind: 'unreadable',
      count: 1,
    });
    await expect(phonepe.mandates.status(mandate)).rejects.toBeInstanceOf(GatewayAnswerUnreadableError);
  });

  it('takes each mandate callback once and refuses one without the right authorization', async () => {
    const body = JSON.stringify({
      event: 'subscription.paused',
      payload: { merchantSubscriptionId: 'MDreplayed', subscriptionId: 'OMS1', state: 'PAUSED' },
    });
    const post = (authorization: string) =>
      fetch(`${env.apiUrl}/api/phonepe/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body,
      });
    const authorization = phonepeCallbackAuthorization(
      env.config.PHONEPE_CALLBACK_USERNAME,
      env.config.PHONEPE_CALLBACK_PASSWORD,
    );
    expect((await post('0'.repeat(64))).status).toBe(401);
    expect((await post(authorization)).status).toBe(200);
    expect((await post(authorization)).status).toBe(200);
    expect((await mandateEventJobs(env)).filter((job) => job.mandateId === 'MDreplayed')).toEqual([
      { gateway: 'phonepe', event: 'subscription.paused', mandateId: 'MDreplayed' },
    ]);
  });
});
