import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  answerRazorpayCheckout,
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
let razorpay: ReturnType<typeof mandatesAt>;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  env = await startTestEnv();
  razorpay = mandatesAt(env, 'razorpay');
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandbox.faults.clear();
});

async function activeMandate(maxAmountPaise = 500_000) {
  const setup = mandateSetup(env, { maxAmountPaise });
  const { mandate, handOff } = await razorpay.mandates.setUp(setup);
  await answerRazorpayCheckout(handOff, 'success');
  const status = await razorpay.mandates.status(mandate);
  return { setup, mandate: { ...mandate, gatewayRefs: status.gatewayRefs } };
}

describe('Razorpay recurring payments over HTTP', () => {
  it('runs a mandate from setup to cancel: authorising payment and token, notice, no debit before 24 h, one debit, cancel', async () => {
    const setup = mandateSetup(env);
    const { mandate, handOff } = await razorpay.mandates.setUp(setup);
    expect(handOff).toMatchObject({
      method: 'POST',
      url: `${env.sandboxUrl}/razorpay/v1/checkout/embedded`,
      fields: {
        recurring: '1',
        customer_id: expect.stringMatching(/^cust_/),
        order_id: mandate.gatewayRefs.setupOrderId,
      },
    });
    expect((await razorpay.mandates.status(mandate)).state).toBe('PENDING');
    // Setting the same mandate up again (a retried request) answers the first.
    expect((await razorpay.mandates.setUp(setup)).mandate).toEqual(mandate);

    const posted = await answerRazorpayCheckout(handOff, 'success');
    expect(posted.razorpay_order_id).toBe(mandate.gatewayRefs.setupOrderId);
    const active = await razorpay.mandates.status(mandate);
    expect(active).toMatchObject({
      state: 'ACTIVE',
      maxAmountPaise: 500_000,
      gatewayRefs: { tokenId: expect.stringMatching(/^token_/) },
    });
    const authorised = { ...mandate, gatewayRefs: active.gatewayRefs };
    // The authorising payment is never captured: no fee for the mandate.
    expect(await gatewayLedger(env, 'razorpay', mandate.gatewayRefs.setupOrderId)).toBeUndefined();

    const debitId = `DB${setup.mandateId.slice(2)}`;
    const request = { debitId, amountPaise: 123_400, debitAt: razorpay.now(), description: 'BESCOM bill' };
    const notice = await razorpay.mandates.notify(authorised, request);
    expect(notice).toMatchObject({ state: 'NOTIFIED', gatewayOrderId: expect.stringMatching(/^order_/) });
    expect(notice.debitableFrom.getTime()).toBeGreaterThanOrEqual(razorpay.now().getTime() + DAY_MS);
    // The same notice asked again is the first one (Razorpay orders have no idempotency key).
    expect((await razorpay.mandates.notify(authorised, request)).gatewayOrderId).toBe(notice.gatewayOrderId);

    const debit = debitOf(authorised, debitId, notice.gatewayOrderId);
    expect(await razorpay.mandates.checkDebit(debit)).toMatchObject({ state: 'NOT_ATTEMPTED', attempts: 0 });
    // As a payment, a notified debit is open, not an abandoned hand-off: our debit may be retrying a
    // call that did not get through, and the gateway would still take it.
    expect(await razorpay.payments.checkCharge(chargeRefOf(debit))).toMatchObject({ state: 'PENDING' });
    await razorpay.advance(DAY_MS - 60_000);
    await expect(razorpay.mandates.debit(debit)).rejects.toMatchObject({ reason: 'TOO_EARLY' });

    await razorpay.advance(5 * 60_000);
    const debited = await razorpay.mandates.debit(debit);
    expect(debited).toMatchObject({
      state: 'COMPLETED',
      amountPaise: 123_400,
      paymentId: expect.stringMatching(/^pay_/),
    });
    expect(await razorpay.mandates.debit(debit)).toMatchObject({
      state: 'COMPLETED',
      paymentId: debited.paymentId,
    });
    expect(await gatewayLedger(env, 'razorpay', notice.gatewayOrderId)).toMatchObject({
      charged: 123_400,
      charges: 1,
    });

    expect((await razorpay.mandates.cancel(authorised)).state).toBe('CANCELLED');
    await expect(
      razorpay.mandates.notify(authorised, { ...request, debitId: `${debitId}2`, debitAt: razorpay.now() }),
    ).rejects.toMatchObject({ reason: 'MANDATE_NOT_ACTIVE' });

    const events = (await mandateCallbacks(env, 'razorpay')).map((callback) => callback.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'token.confirmed',
        'order.notification.delivered',
        'payment.captured',
        'token.cancelled',
      ]),
    );
    const tokenId = active.gatewayRefs.tokenId;
    expect((await mandateEventJobs(env)).filter((job) => job.tokenId === tokenId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'token.confirmed', gateway: 'razorpay' }),
        expect.objectContaining({ event: 'payment.captured', gatewayOrderId: notice.gatewayOrderId }),
        expect.objectContaining({ event: 'token.cancelled' }),
      ]),
    );
  });

  it('refuses a notice above the token, and a failed debit is retried on the token until it is taken', async () => {
    const { setup, mandate } = await activeMandate(200_000);
    await expect(
      razorpay.mandates.notify(mandate, {
        debitId: `DA${setup.mandateId}`,
        amountPaise: 200_001,
        debitAt: razorpay.now(),
        description: 'x',
      }),
    ).rejects.toMatchObject({ reason: 'ABOVE_MANDATE_LIMIT' });

    const debitId = `DR${setup.mandateId.slice(2)}`;
    const notice = await razorpay.mandates.notify(mandate, {
      debitId,
      amountPaise: 123_400,
      debitAt: razorpay.now(),
      description: 'x',
    });
    const debit = debitOf(mandate, debitId, notice.gatewayOrderId);
    await razorpay.advance(DAY_MS + 5 * 60_000);
    env.sandbox.faults.add({ path: '/razorpay/v1/payments/create/recurring', kind: 'fail', count: 1 });
    await expectFailedDebitOpen(razorpay, debit);
    await expectRetriedDebitPaid(razorpay, debit);
    expect(await gatewayLedger(env, 'razorpay', notice.gatewayOrderId)).toMatchObject({
      charged: 123_400,
      charges: 1,
    });
  });

  it('never starts a second debit while one is in flight', async () => {
    const { setup, mandate } = await activeMandate();
    const debitId = `DP${setup.mandateId.slice(2)}`;
    const notice = await razorpay.mandates.notify(mandate, {
      debitId,
      amountPaise: 123_400,
      debitAt: razorpay.now(),
      description: 'x',
    });
    await razorpay.advance(DAY_MS + 5 * 60_000);
    env.sandbox.faults.add({ path: '/razorpay/v1/payments/create/recurring', kind: 'pending', count: 1 });
    const debit = debitOf(mandate, debitId, notice.gatewayOrderId);
    await expectInFlightDebitOnce(env, razorpay, debit, '/razorpay/_sandbox/recurring/settle');
    expect(await gatewayLedger(env, 'razorpay', notice.gatewayOrderId)).toMatchObject({
      charged: 123_400,
      charges: 1,
    });
  });

  it('tells us, by a signed webhook, of a mandate the customer cancelled in their UPI app', async () => {
    const { mandate } = await activeMandate();
    const tokenId = mandate.gatewayRefs.tokenId as string;
    const cancelled = await fetch(`${env.sandboxUrl}/razorpay/_sandbox/tokens/${tokenId}/cancel`, {
      method: 'POST',
    });
    expect(cancelled.status).toBe(200);
    expect((await razorpay.mandates.status(mandate)).state).toBe('CANCELLED');
    expect((await mandateEventJobs(env)).filter((job) => job.tokenId === tokenId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: 'token.cancelled' })]),
    );
    expect((await razorpay.mandates.cancel(mandate)).state).toBe('CANCELLED');
  });

  it('leaves a declined authorisation without a token', async () => {
    const setup = mandateSetup(env);
    const { mandate, handOff } = await razorpay.mandates.setUp(setup);
    const posted = await answerRazorpayCheckout(handOff, 'failure');
    expect(posted['error[code]']).toBe('BAD_REQUEST_ERROR');
    expect((await razorpay.mandates.status(mandate)).state).toBe('PENDING');
  });
});
