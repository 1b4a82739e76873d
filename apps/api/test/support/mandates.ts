import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../../src/db/schema/jobs.ts';
import { gatewayEvents } from '../../src/db/schema/payments.ts';
import {
  type DebitRef,
  MANDATE_EVENT_JOB,
  type MandateGateway,
  type MandateHandOff,
  type MandateRef,
  type MandateSetup,
} from '../../src/integrations/mandate-gateway.ts';
import { unrecordedCalls } from '../../src/integrations/outside-calls.ts';
import { gatewayAdapter } from '../../src/integrations/payment-gateways.ts';
import { createMandateGateways } from '../../src/modules/payments/payments.module.ts';
import type { TestEnv } from './test-env.ts';

type MandateGatewayName = 'phonepe' | 'razorpay';

/**
 * A gateway's mandates as AutoPay gets them (createMandateGateways), against the started sandbox over HTTP, on a clock
 * that follows the sandbox gateway's AutoPay clock (tests move both together).
 */
export function mandatesAt(env: TestEnv, gateway: MandateGatewayName) {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const mandates = createMandateGateways({ config: env.config, recordOutsideCall: unrecordedCalls }, now)[
    gateway
  ];
  /** Moves the sandbox gateway's clock (and ours) on. */
  async function advance(ms: number) {
    const response = await fetch(`${env.sandboxUrl}/${gateway}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: ms }),
    });
    if (!response.ok) throw new Error(`clock: ${response.status}`);
    offsetMs += ms;
  }
  /** Moves both clocks on to the next `hh:mm` IST at least `afterMs` from now. */
  async function advanceToIst(afterMs: number, hour: number, minute: number) {
    const earliest = now().getTime() + afterMs;
    const ist = new Date(earliest + 330 * 60_000);
    let target =
      Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), hour, minute) - 330 * 60_000;
    if (target < earliest) target += 86_400_000;
    await advance(target - now().getTime());
  }
  // The same gateway's payment client: a debit's order is checked as any payment's.
  const { client } = gatewayAdapter(gateway).connect(env.config as never, {
    baseUrl: `${env.sandboxUrl}/${gateway}`,
    timeoutMs: 3_000,
  });
  return {
    mandates: mandates as MandateGateway,
    payments: client,
    now,
    advance,
    advanceToIst,
  };
}

/** A mandate's setup, with fresh ids. */
export function mandateSetup(env: TestEnv, overrides: Partial<MandateSetup> = {}): MandateSetup {
  const id = randomUUID().replaceAll('-', '').slice(0, 20);
  return {
    mandateId: `MD${id}`,
    setupOrderId: `MS${id}`,
    customer: { name: 'Asha Rao', email: `asha.${id}@example.com`, contact: '9876543210' },
    maxAmountPaise: 500_000,
    frequency: 'AS_PRESENTED',
    validUntil: new Date(Date.now() + 365 * 86_400_000),
    returnUrl: `${env.apiUrl}/my-bills/autopay/return`,
    description: 'AutoPay for BESCOM, account 1234567890',
    ...overrides,
  };
}

/** The mandate callbacks the api recorded (events that belong to no order). */
export async function mandateCallbacks(env: TestEnv, gateway: MandateGatewayName) {
  const rows = await env.database.db
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.gateway, gateway), isNull(gatewayEvents.orderId)));
  return rows.map((row) => ({ key: row.providerEventKey, event: String(row.payload.event) }));
}

/** The AutoPay jobs the mandate callbacks queued. */
export async function mandateEventJobs(env: TestEnv) {
  const rows = await env.database.db.select().from(jobs).where(eq(jobs.kind, MANDATE_EVENT_JOB));
  return rows.map((row) => row.payload);
}

/** A debit of ₹1,234 on `mandate`, as AutoPay hands it back to the gateway. */
export const debitOf = (mandate: MandateRef, debitId: string, gatewayOrderId: string): DebitRef => ({
  debitId,
  mandate,
  amountPaise: 123_400,
  gatewayOrderId,
  customer: { email: 'asha@example.com', contact: '9876543210' },
});

export const chargeRefOf = (debit: DebitRef) => ({
  merchantOrderId: debit.debitId,
  gatewayOrderId: debit.gatewayOrderId,
  gatewayPaymentId: null,
});

/** A first debit attempt that fails (a fault is set): as a payment it stays pending, a retry may follow. */
export async function expectFailedDebitOpen(gateway: ReturnType<typeof mandatesAt>, debit: DebitRef) {
  expect(await gateway.mandates.debit(debit)).toMatchObject({
    state: 'FAILED',
    attempts: 1,
    retryable: true,
  });
  expect((await gateway.payments.checkCharge(chargeRefOf(debit))).state).toBe('PENDING');
}

/** The retry takes the money: the debit and its charge say so, with one payment id. */
export async function expectRetriedDebitPaid(gateway: ReturnType<typeof mandatesAt>, debit: DebitRef) {
  const retried = await gateway.mandates.debit(debit);
  expect(retried).toMatchObject({ state: 'COMPLETED', attempts: 2 });
  expect(await gateway.payments.checkCharge(chargeRefOf(debit))).toMatchObject({
    state: 'PAID',
    amountPaise: debit.amountPaise,
    paymentId: retried.paymentId,
  });
}

/**
 * A debit the bank has not answered yet (the `pending` fault): asking again answers it in flight and
 * starts no second one; once the gateway settles it (`settlePath`), it is completed, charged once.
 */
export async function expectInFlightDebitOnce(
  env: TestEnv,
  gateway: ReturnType<typeof mandatesAt>,
  debit: DebitRef,
  settlePath: string,
) {
  expect(await gateway.mandates.debit(debit)).toMatchObject({ state: 'PENDING', attempts: 1 });
  expect(await gateway.mandates.debit(debit)).toMatchObject({ state: 'PENDING', attempts: 1 });
  await fetch(`${env.sandboxUrl}${settlePath}`, { method: 'POST' });
  expect(await gateway.mandates.checkDebit(debit)).toMatchObject({ state: 'COMPLETED', attempts: 1 });
}

/** The customer answers on PhonePe's mandate page: the page, then its form post, as a browser would. */
export async function answerPhonepeMandatePage(url: string, outcome: 'approve' | 'decline') {
  const page = await fetch(url);
  const html = await page.text();
  expect(html).toContain('Approve AutoPay up to');
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
  expect(action).toBeDefined();
  const answer = await fetch(new URL(action as string, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return answer.headers.get('location');
}

export const formPost = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/**
 * The customer on Razorpay's checkout, as a browser: the web's form post, then the page's outcome
 * form; answers the fields the checkout posts back to our return address.
 */
export async function answerRazorpayCheckout(handOff: MandateHandOff, outcome: 'success' | 'failure') {
  if (handOff.method !== 'POST') throw new Error('Razorpay hands off with a form');
  const page = await fetch(handOff.url, formPost(handOff.fields));
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1] as string;
  const back = await fetch(
    new URL(action, handOff.url),
    formPost({ ...handOff.fields, outcome, method: 'upi' }),
  );
  const posted = await back.text();
  expect(posted).toContain(`action="${handOff.fields.callback_url}"`);
  return Object.fromEntries(
    [...posted.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
}
