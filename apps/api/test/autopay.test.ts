import { type Biller, type MyBill, paymentMessages, type TurnOnAutopayResponse } from '@erti/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { autopayDebits, autopayMandates } from '../src/db/schema/autopay.ts';
import { myBills } from '../src/db/schema/my-bills.ts';
import { orders } from '../src/db/schema/payments.ts';
import type { TestClock } from '../src/lib/clock.ts';
import { translatorFor } from '../src/lib/i18n.ts';
import type { DebitRow } from '../src/modules/autopay/autopay.repository.ts';
import { BANK_DECLINED } from '../src/modules/autopay/autopay.rules.ts';
import { mandateRefOf } from '../src/modules/autopay/autopay-debits.ts';
import { autopayMails } from '../src/modules/autopay/autopay-mail.ts';
import {
  customerNumber,
  type SignedInUser,
  signedInUser,
  startBillPaymentEnv,
} from './support/bill-network.ts';
import {
  answerPhonepeMandatePage,
  answerRazorpayCheckout,
  formPost,
  mandatesAt,
} from './support/mandates.ts';
import { askPayuHandOff, fetchBill, paidAtPayu, settleJobs } from './support/payment-flows.ts';
import type { TestEnv } from './support/test-env.ts';

let env: TestEnv;
let electricity: Biller;

const HOUR = 3_600_000;
const IST_MS = 330 * 60_000;

beforeAll(async () => {
  ({ env, electricity } = await startBillPaymentEnv({
    TEST_CLOCK: true,
    BILL_CHECKS_PER_BILLER_PER_MINUTE: 60_000,
  }));
});
afterAll(async () => {
  await env?.close();
});
/** Entries with AutoPay on: cancelled after each test, so that their next bills' debits stay out of the next test. */
const turnedOn: { who: SignedInUser; entry: MyBill }[] = [];
afterEach(async () => {
  env.sandbox.faults.clear();
  for (const { who, entry } of turnedOn.splice(0)) await call('DELETE', `/my-bills/${entry.id}/autopay`, who);
});

/**
 * Moves only the api's clock (the network keeps presenting the same bill) for the length of `story`,
 * then the sandbox's by as much, so that the clocks agree again for the next test.
 */
async function withApiClockAhead(ms: number, story: () => Promise<void>) {
  (env.built.clock as TestClock).advance(ms);
  try {
    await story();
  } finally {
    env.sandbox.clock.advance(ms);
  }
}

/** Moves the api's clock and the sandbox's (its network and gateways) by the same amount. */
function advanceClocks(ms: number) {
  (env.built.clock as TestClock).advance(ms);
  env.sandbox.clock.advance(ms);
}
const apiNow = () => env.built.clock.now().getTime();
async function advanceTo(at: number) {
  if (at > apiNow()) advanceClocks(at - apiNow());
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedInUser, payload?: unknown) =>
  env.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function runAllDueJobs(): Promise<void> {
  while ((await env.runJobs()) > 0);
}

const entryOf = async (who: SignedInUser, id: string): Promise<MyBill> =>
  (await call('GET', `/my-bills/${id}`, who)).json();

const mailsTo = (who: SignedInUser, containing: string) =>
  env.sandbox.mailbox.list(who.email).filter((mail) => mail.subject.includes(containing));

/**
 * A customer whose biller account the network has just issued a new bill for (due in 4 to 7 days),
 * in My Bills under `nickname`, the bill found.
 */
async function billInMyBills(ending: string, nickname: string) {
  const customer = await signedInUser(env);
  await fetchBill(env, electricity, ending, customer.headers);
  advanceClocks(73 * HOUR);
  const added = await call('POST', '/my-bills', customer, {
    billerId: electricity.billerId,
    customerParams: [
      { name: electricity.customerParams[0]?.paramName ?? '', value: customerNumber(electricity, ending) },
    ],
    nickname,
  });
  expect(added.statusCode, added.body).toBe(201);
  await runAllDueJobs();
  const entry = await entryOf(customer, added.json().id);
  if (!entry.bill) throw new Error('no bill found');
  return { customer, entry, bill: entry.bill };
}

/** The browser comes back from the gateway to us (a GET or a form post) and on to My Bills. */
async function backFromGateway(url: string, fields?: Record<string, string>) {
  const back = await fetch(
    url,
    fields ? { ...formPost(fields), redirect: 'manual' } : { redirect: 'manual' },
  );
  expect(back.status).toBe(303);
  return back.headers.get('location');
}

/** AutoPay turned on through PhonePe: 5 days before the due date (so the debit falls within the bill's life). */
async function turnOn(
  who: SignedInUser,
  entry: MyBill,
  cap: string,
  gateway: 'phonepe' | 'razorpay',
  daysBefore = 5,
) {
  const response = await call('POST', `/my-bills/${entry.id}/autopay`, who, { cap, daysBefore, gateway });
  expect(response.statusCode, response.body).toBe(201);
  turnedOn.push({ who, entry });
  const turned: TurnOnAutopayResponse = response.json();
  expect(turned.autopay.state).toBe('pending');
  return turned;
}

async function autopayOn(who: SignedInUser, entry: MyBill, cap: string, daysBefore = 5) {
  const turned = await turnOn(who, entry, cap, 'phonepe', daysBefore);
  expect(turned.handOff.method).toBe('GET');
  const returnUrl = await answerPhonepeMandatePage(turned.handOff.url, 'approve');
  expect(await backFromGateway(returnUrl ?? '')).toBe(`${env.apiUrl}/my-bills?autopay=${entry.id}`);
  return entryOf(who, entry.id);
}

/** Moves to the notice (a day and an hour before the debit) and runs what is due. */
async function toNotice(who: SignedInUser, entry: MyBill) {
  const debitAt = Date.parse((await entryOf(who, entry.id)).autopay?.debit?.debitAt ?? '');
  await advanceTo(debitAt - 25 * HOUR + 60_000);
  await runAllDueJobs();
  return debitAt;
}

/** The next start of a PhonePe off-peak window (13:01 or 21:31 India time) after `at`. */
function nextOffPeakStart(at: number): number {
  const ist = new Date(at + IST_MS);
  const day = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_MS;
  const starts = [0, 1].flatMap((days) =>
    [13 * HOUR + 60_000, 21 * HOUR + 31 * 60_000].map((time) => day + days * 24 * HOUR + time),
  );
  return starts.find((start) => start > at) ?? at;
}

async function ordersOfBill(billNumber: string) {
  return env.database.db.select().from(orders).where(eq(orders.billNumber, billNumber));
}

describe('AutoPay of a My Bills entry, through the PhonePe sandbox', () => {
  it('turns on, notifies a day ahead, debits at its time as an order: bill paid once, receipt mailed', async () => {
    const { customer, entry, bill } = await billInMyBills('2501', 'Home 2501');
    const on = await autopayOn(customer, entry, '14000');
    expect(on.autopay).toMatchObject({ state: 'on', gateway: 'phonepe', cap: '14000.00', daysBefore: 5 });
    expect(on.autopay?.debit).toMatchObject({
      billNumber: bill.billNumber,
      amount: bill.amount,
      state: 'notifying',
    });

    const debitAt = await toNotice(customer, entry);
    const noticed = await entryOf(customer, entry.id);
    expect(noticed.autopay?.debit?.state).toBe('scheduled');
    const [notice] = mailsTo(customer, 'AutoPay will pay Home 2501');
    expect(notice?.text).toContain(`Bill number: ${bill.billNumber}`);
    expect(notice?.text).toMatch(/Skip this debit: http.+\/api\/my-bills\/autopay\/skip\?token=/);
    expect(await ordersOfBill(bill.billNumber)).toEqual([]);

    // An hour before its time nothing is debited; at its time it is.
    await advanceTo(debitAt - HOUR);
    await runAllDueJobs();
    expect(await ordersOfBill(bill.billNumber)).toEqual([]);
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    await settleJobs(env);

    const paid = await entryOf(customer, entry.id);
    expect(paid.state).toBe('paid');
    expect(paid.autopay?.debit?.state).toBe('paid');
    const billOrders = await ordersOfBill(bill.billNumber);
    expect(billOrders.map((order) => [order.status, order.gateway, order.merchantOrderId])).toEqual([
      ['SUCCESS', 'phonepe', expect.stringMatching(/^AD/)],
    ]);
    expect(billOrders[0]?.convenienceFeePaise).toBe(0);
    expect(mailsTo(customer, `Payment successful: ${electricity.billerName}`)).toHaveLength(1);

    // Every job again, as after a crash: nothing is debited or mailed twice.
    await advanceTo(debitAt + 3 * HOUR);
    await runAllDueJobs();
    expect(await ordersOfBill(bill.billNumber)).toHaveLength(1);
    expect(mailsTo(customer, 'AutoPay will pay Home 2501')).toHaveLength(1);
  });

  it('does not debit a bill paid by hand after the notice', async () => {
    const { customer, entry, bill } = await billInMyBills('2502', 'Home 2502');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    expect(mailsTo(customer, 'AutoPay will pay Home 2502')).toHaveLength(1);

    const fetched = await fetchBill(env, electricity, '2502', customer.headers);
    expect(fetched.billRes.response.billerResponse?.billNumber).toBe(bill.billNumber);
    await paidAtPayu(env, fetched, customer, electricity.billerName);
    await settleJobs(env);

    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    const after = await entryOf(customer, entry.id);
    expect(after.autopay?.debit).toMatchObject({
      state: 'not-debited',
      outcome: 'paid-by-hand',
      decidedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const billOrders = await ordersOfBill(bill.billNumber);
    expect(billOrders.map((order) => [order.status, order.gateway])).toEqual([['SUCCESS', 'payu']]);
  });

  it('mails a bill above the cap for approval and does not debit it', async () => {
    const { customer, entry, bill } = await billInMyBills('2503', 'Home 2503');
    const on = await autopayOn(customer, entry, '1');
    expect(on.autopay?.debit).toMatchObject({ state: 'needs-approval', outcome: 'above-cap' });
    await runAllDueJobs();
    const [approval] = mailsTo(customer, 'Home 2503: this bill needs your approval');
    expect(approval?.text).toContain('is above your AutoPay cap of ₹1.00');
    expect(approval?.text).toContain(`Pay now: ${env.apiUrl}/billerdetails?myBill=${entry.id}`);
    advanceClocks(3 * 24 * HOUR);
    await runAllDueJobs();
    expect(await ordersOfBill(bill.billNumber)).toEqual([]);
    expect(mailsTo(customer, 'AutoPay will pay Home 2503')).toEqual([]);
  });

  it("skips one debit by the notice mail's link (a GET only asks), without a login", async () => {
    const { customer, entry, bill } = await billInMyBills('2504', 'Home 2504');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    const link = /Skip this debit: (\S+)/.exec(
      mailsTo(customer, 'AutoPay will pay Home 2504')[0]?.text ?? '',
    )?.[1];
    const path = new URL(link ?? '').pathname + new URL(link ?? '').search;
    const asked = await env.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Skip this AutoPay debit?');
    expect((await entryOf(customer, entry.id)).autopay?.debit?.state).toBe('scheduled');
    const skipped = await env.app.inject({ method: 'POST', url: path });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.body).toContain('Debit skipped');
    const forged = await env.app.inject({ method: 'POST', url: `${path}x` });
    expect(forged.statusCode).toBe(404);

    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    const after = await entryOf(customer, entry.id);
    expect(after.autopay).toMatchObject({ state: 'on', debit: { state: 'skipped', outcome: 'skipped' } });
    expect(await ordersOfBill(bill.billNumber)).toEqual([]);
  });

  it('shows a mandate revoked at the gateway as cancelled; pause, resume and cancel from My Bills', async () => {
    const { customer, entry } = await billInMyBills('2505', 'Home 2505');
    await autopayOn(customer, entry, '14000');
    const paused = await call('POST', `/my-bills/${entry.id}/autopay/pause`, customer);
    expect(paused.json().state).toBe('paused');
    expect((await call('POST', `/my-bills/${entry.id}/autopay/pause`, customer)).statusCode).toBe(409);
    expect((await call('POST', `/my-bills/${entry.id}/autopay/resume`, customer)).json().state).toBe('on');
    expect((await call('DELETE', `/my-bills/${entry.id}`, customer)).json().message).toBe(
      'Please cancel AutoPay for this bill before removing it',
    );

    const [mandate] = await env.database.db
      .select()
      .from(autopayMandates)
      .where(eq(autopayMandates.myBillId, entry.id));
    const revoked = await fetch(`${env.sandboxUrl}/phonepe/_sandbox/subscriptions/${mandate?.id}/revoke`, {
      method: 'POST',
    });
    expect(revoked.status).toBe(200);
    await runAllDueJobs();
    expect((await entryOf(customer, entry.id)).autopay?.state).toBe('cancelled');

    // On again (a new mandate), then cancelled here: revoked at the gateway too.
    await autopayOn(customer, entry, '14000');
    const cancelled = await call('DELETE', `/my-bills/${entry.id}/autopay`, customer);
    expect(cancelled.json().state).toBe('cancelled');
    const [again] = await env.database.db
      .select()
      .from(autopayMandates)
      .where(and(eq(autopayMandates.myBillId, entry.id), eq(autopayMandates.status, 'cancelled')));
    expect(again?.id).not.toBe(mandate?.id);
    expect(again?.providerStatus).toBe('CANCELLED');
  });

  it('revokes the mandate at the gateway when the customer deletes the account, and debits nothing after', async () => {
    const { customer, entry } = await billInMyBills('2510', 'Home 2510');
    await autopayOn(customer, entry, '14000');
    turnedOn.pop(); // the account is gone: nothing to cancel after the test
    const [mandate] = await env.database.db
      .select()
      .from(autopayMandates)
      .where(eq(autopayMandates.myBillId, entry.id));
    if (!mandate) throw new Error('no mandate');
    expect(await mandatesAt(env, 'phonepe').mandates.status(mandateRefOf(mandate))).toMatchObject({
      state: 'ACTIVE',
    });

    const deleted = await call('POST', '/users/delete-account', customer, { feedback: 'moving abroad' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await runAllDueJobs();
    const [ended] = await env.database.db
      .select()
      .from(autopayMandates)
      .where(eq(autopayMandates.id, mandate.id));
    expect(ended).toMatchObject({ status: 'cancelled', providerStatus: 'CANCELLED' });
    expect((await mandatesAt(env, 'phonepe').mandates.status(mandateRefOf(mandate))).state).not.toBe(
      'ACTIVE',
    );
  });

  it('refuses a manual payment while the debit is in flight, with a message that says so', async () => {
    const { customer, entry, bill } = await billInMyBills('2506', 'Home 2506');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    env.sandbox.faults.add({ path: '/phonepe/subscriptions/v2/redeem', kind: 'pending', count: 1 });
    await advanceTo(debitAt + 60_000);
    await env.runJobs();
    expect((await entryOf(customer, entry.id)).autopay?.debit?.state).toBe('debiting');

    const fetched = await fetchBill(env, electricity, '2506', customer.headers);
    const refused = await askPayuHandOff(env, fetched, customer, electricity.billerName);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(paymentMessages.autopayInProgress);
    expect((await ordersOfBill(bill.billNumber)).map((order) => order.status)).toEqual(['PAYMENT_PENDING']);

    // The bank answers: PhonePe's callback is a hint, the gateway is asked, the bill is paid once.
    await fetch(`${env.sandboxUrl}/phonepe/_sandbox/autopay/settle`, { method: 'POST' });
    await runAllDueJobs();
    await settleJobs(env);
    expect((await entryOf(customer, entry.id)).autopay?.debit?.state).toBe('paid');
    expect((await ordersOfBill(bill.billNumber)).map((order) => order.status)).toEqual(['SUCCESS']);
  });

  it("turns on through Razorpay's checkout (its form post back to us) and debits on the token", async () => {
    const { customer, entry, bill } = await billInMyBills('2508', 'Home 2508');
    const turned = await turnOn(customer, entry, '14000', 'razorpay');
    expect(turned.handOff).toMatchObject({ method: 'POST', fields: { recurring: '1' } });
    const posted = await answerRazorpayCheckout(turned.handOff, 'success');
    const callbackUrl = turned.handOff.method === 'POST' ? turned.handOff.fields.callback_url : '';
    expect(await backFromGateway(callbackUrl ?? '', posted)).toBe(
      `${env.apiUrl}/my-bills?autopay=${entry.id}`,
    );
    expect((await entryOf(customer, entry.id)).autopay).toMatchObject({
      state: 'on',
      gateway: 'razorpay',
      debit: { state: 'notifying' },
    });

    const debitAt = await toNotice(customer, entry);
    expect(mailsTo(customer, 'AutoPay will pay Home 2508')).toHaveLength(1);
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    await settleJobs(env);
    expect((await ordersOfBill(bill.billNumber)).map((order) => [order.status, order.gateway])).toEqual([
      ['SUCCESS', 'razorpay'],
    ]);
    expect((await entryOf(customer, entry.id)).autopay?.debit?.state).toBe('paid');
  });

  it("retries a declined debit only in PhonePe's off-peak windows, then mails it as failed", async () => {
    const { customer, entry, bill } = await billInMyBills('2509', 'Home 2509');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    env.sandbox.faults.add({ path: '/phonepe/subscriptions/v2/redeem', kind: 'fail', count: 10 });
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    // Declined, but the gateway allows retries: the order is not over.
    expect((await entryOf(customer, entry.id)).autopay?.debit?.state).toBe('debiting');
    expect((await ordersOfBill(bill.billNumber)).map((order) => order.status)).toEqual(['PAYMENT_PENDING']);
    expect(mailsTo(customer, 'Home 2509: AutoPay could not pay this bill')).toEqual([]);

    // One attempt and three retries, each at the start of an off-peak window (13:01 or 21:31 IST).
    for (let window = 0; window < 6; window += 1) {
      if ((await entryOf(customer, entry.id)).autopay?.debit?.state !== 'debiting') break;
      await advanceTo(nextOffPeakStart(apiNow()) + 60_000);
      await runAllDueJobs();
    }
    expect((await entryOf(customer, entry.id)).autopay?.debit).toMatchObject({
      state: 'failed',
      outcome: 'failed',
    });
    expect((await ordersOfBill(bill.billNumber)).map((order) => order.status)).toEqual(['PAYMENT_FAILED']);
    const [failed] = mailsTo(customer, 'Home 2509: AutoPay could not pay this bill');
    expect(failed?.text).toContain('Please pay it yourself before the due date.');
  });

  it('plans a debit stopped by a pause again on Resume, with a fresh notice a day ahead (decision 084)', async () => {
    const { customer, entry, bill } = await billInMyBills('2520', 'Home 2520');
    // Seven days before: debited a day after each notice, well before the network's next bill.
    await autopayOn(customer, entry, '14000', 7);
    const debitAt = await toNotice(customer, entry);
    expect(mailsTo(customer, 'AutoPay will pay Home 2520')).toHaveLength(1);
    await call('POST', `/my-bills/${entry.id}/autopay/pause`, customer);
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    expect((await entryOf(customer, entry.id)).autopay?.debit?.state).toBe('not-debited');

    const resumed = await call('POST', `/my-bills/${entry.id}/autopay/resume`, customer);
    expect(resumed.json()).toMatchObject({
      state: 'on',
      debit: { billNumber: bill.billNumber, state: 'notifying' },
    });
    expect(Date.parse(resumed.json().debit.debitAt)).toBeGreaterThanOrEqual(apiNow() + 24 * HOUR);
    await runAllDueJobs();
    expect(mailsTo(customer, 'AutoPay will pay Home 2520')).toHaveLength(2);
    const replanned = Date.parse((await entryOf(customer, entry.id)).autopay?.debit?.debitAt ?? '');
    await advanceTo(replanned + 60_000);
    await runAllDueJobs();
    // The entry's own daily check may hold the bill at that moment: the debit looks again seconds later.
    advanceClocks(15_000);
    await runAllDueJobs();
    await settleJobs(env);
    expect((await entryOf(customer, entry.id)).autopay?.debit?.state).toBe('paid');
    expect((await ordersOfBill(bill.billNumber)).map((order) => order.status)).toEqual(['SUCCESS']);
    // The paused debit is kept, with why it stopped, beside the one that paid.
    const debits = await env.database.db
      .select({ status: autopayDebits.status, reason: autopayDebits.reason })
      .from(autopayDebits)
      .where(eq(autopayDebits.myBillId, entry.id))
      .orderBy(autopayDebits.createdAt);
    expect(debits).toEqual([
      { status: 'superseded', reason: expect.stringMatching(/paused/i) },
      { status: 'paid', reason: null },
    ]);
  });

  it('does not plan again on Resume a bill that became overdue while paused', async () => {
    const { customer, entry, bill } = await billInMyBills('2521', 'Home 2521');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    await call('POST', `/my-bills/${entry.id}/autopay/pause`, customer);
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    // Only the api's clock: past the due date, while the network still presents the same bill.
    const afterDue = Date.parse(`${bill.dueDate}T00:00:00+05:30`) + 25 * HOUR;
    await withApiClockAhead(afterDue - apiNow(), async () => {
      const resumed = await call('POST', `/my-bills/${entry.id}/autopay/resume`, customer);
      expect(resumed.json()).toMatchObject({
        state: 'on',
        debit: { state: 'not-debited', outcome: 'paused' },
      });
      await runAllDueJobs();
      expect(mailsTo(customer, 'AutoPay will pay Home 2521')).toHaveLength(1);
      expect(await ordersOfBill(bill.billNumber)).toEqual([]);
    });
  });

  it('notices a bill found too late for its AutoPay day at once and debits it 24 hours on (decision 084)', async () => {
    const { customer, entry } = await billInMyBills('2522', 'Home 2522');
    // Seven days before a bill due in four to seven: the AutoPay day has passed.
    const on = await autopayOn(customer, entry, '14000', 7);
    const planned = Date.parse(on.autopay?.debit?.debitAt ?? '');
    expect(planned - apiNow()).toBeGreaterThanOrEqual(24 * HOUR);
    expect(planned - apiNow()).toBeLessThan(24 * HOUR + 10 * 60_000);
    await runAllDueJobs();
    const [notice] = mailsTo(customer, 'AutoPay will pay Home 2522');
    expect(notice?.text).not.toContain("after the bill's due date");
  });

  it('says so in the notice when a bill found too late cannot be debited by its due date', async () => {
    const { customer, entry, bill } = await billInMyBills('2523', 'Home 2523');
    // The api's clock to 09:00 India time on the due date: the AutoPay day (10:00) is an hour away.
    await withApiClockAhead(Date.parse(`${bill.dueDate}T09:00:00+05:30`) - apiNow(), async () => {
      const on = await autopayOn(customer, entry, '14000', 0);
      expect(Date.parse(on.autopay?.debit?.debitAt ?? '') - apiNow()).toBeLessThan(24 * HOUR + 10 * 60_000);
      await runAllDueJobs();
      const [notice] = mailsTo(customer, 'AutoPay will pay Home 2523');
      const dueDay = translatorFor('en').day(bill.dueDate, 'medium');
      expect(notice?.text).toContain(`This is after the bill's due date (${dueDay})`);
    });
  });

  it('refuses bad input with a clear 400, and another customer with 404', async () => {
    const { customer, entry } = await billInMyBills('2507', 'Home 2507');
    const noCap = await call('POST', `/my-bills/${entry.id}/autopay`, customer, {
      cap: 'lots',
      daysBefore: 0,
      gateway: 'phonepe',
    });
    expect(noCap.statusCode).toBe(400);
    expect(noCap.body).toContain('Cap');
    const tooEarly = await call('POST', `/my-bills/${entry.id}/autopay`, customer, {
      cap: '500',
      daysBefore: 30,
      gateway: 'payu',
    });
    expect(tooEarly.statusCode).toBe(400);
    const other = await signedInUser(env);
    const notTheirs = await call('POST', `/my-bills/${entry.id}/autopay`, other, {
      cap: '500',
      daysBefore: 0,
      gateway: 'phonepe',
    });
    expect(notTheirs.statusCode).toBe(404);
    expect((await call('POST', `/my-bills/${entry.id}/autopay/skip`, customer)).statusCode).toBe(409);

    // Turned on, the gateway's page left unanswered: cancelling still ends it here.
    await turnOn(customer, entry, '500', 'phonepe');
    const cancelled = await call('DELETE', `/my-bills/${entry.id}/autopay`, customer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
  });
});

/**
 * Moves only the sandbox's clock (its network issues the next bill) for the length of `story`, then
 * the api's by as much, so that the clocks agree again for the next test.
 */
async function withNetworkClockAhead(ms: number, story: () => Promise<void>) {
  env.sandbox.clock.advance(ms);
  try {
    await story();
  } finally {
    (env.built.clock as TestClock).advance(ms);
  }
}

async function speaks(who: SignedInUser, language: 'hi' | 'ta') {
  const saved = await call('PUT', '/users/language', who, { language });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The mail that tells why a noticed debit did not happen (decision 115), by its subject in the language. */
const whyNotMails = (who: SignedInUser, nickname: string, language: 'en' | 'hi' | 'ta' = 'en') =>
  mailsTo(who, translatorFor(language).t('autopay.notDebited.subject', { nickname }));

// Each story moves the clocks by days: every earlier test's jobs run too, slow on a busy machine.
describe('AutoPay keeps the promise of its notice or says why not (decision 115)', {
  timeout: 120_000,
}, () => {
  it('mails why not, in Hindi, when the biller replaced the noticed bill before its debit', async () => {
    const { customer, entry, bill } = await billInMyBills('2530', 'Home 2530');
    await speaks(customer, 'hi');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    expect(mailsTo(customer, 'Home 2530')).not.toEqual([]);
    // The network issues its next bill (every 72 hours in the sandbox) before the debit's time.
    await withNetworkClockAhead(72 * HOUR, async () => {
      await advanceTo(debitAt + 60_000);
      await runAllDueJobs();
      const after = await entryOf(customer, entry.id);
      expect(after.bill?.billNumber).not.toBe(bill.billNumber);
      expect(await ordersOfBill(bill.billNumber)).toEqual([]);
      const [whyNot, ...more] = whyNotMails(customer, 'Home 2530', 'hi');
      expect(more).toEqual([]);
      const hi = translatorFor('hi');
      expect(whyNot?.text).toContain(`बिल नंबर: ${bill.billNumber}`);
      expect(whyNot?.text).toContain(hi.t('autopay.why.billGone'));
      expect(whyNot?.text).toContain(hi.t('autopay.next.billGone'));
      expect(whyNot?.text).toContain(
        hi.t('autopay.notDebited.promised', { time: hi.dateTime(new Date(debitAt)) }),
      );
      expect(whyNot?.text).toContain(`${hi.t('autopay.notDebited.myBills')}: ${env.apiUrl}/my-bills`);
      // Every job again, as on another replica: the why-not mail is not sent twice.
      await runAllDueJobs();
      expect(whyNotMails(customer, 'Home 2530', 'hi')).toHaveLength(1);
    });
  });

  it('mails why not when the bill was paid by hand after the notice, with nothing more to do', async () => {
    const { customer, entry } = await billInMyBills('2531', 'Home 2531');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    const fetched = await fetchBill(env, electricity, '2531', customer.headers);
    await paidAtPayu(env, fetched, customer, electricity.billerName);
    await settleJobs(env);
    expect(whyNotMails(customer, 'Home 2531')).toEqual([]);
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    const [whyNot] = whyNotMails(customer, 'Home 2531');
    expect(whyNot?.text).toContain('Why:\nThe bill was paid on Erti Pay.');
    expect(whyNot?.text).toContain('What to do: nothing. The bill is paid');
    expect(whyNot?.text).not.toContain('Pay now');
  });

  it('mails why not when AutoPay was paused after the notice: pay by hand or resume', async () => {
    const { customer, entry } = await billInMyBills('2532', 'Home 2532');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    await call('POST', `/my-bills/${entry.id}/autopay/pause`, customer);
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    const [whyNot] = whyNotMails(customer, 'Home 2532');
    expect(whyNot?.text).toContain('AutoPay was paused.');
    expect(whyNot?.text).toContain('or resume AutoPay in My Bills');
    expect(whyNot?.text).toContain(`Pay now: ${env.apiUrl}/billerdetails?myBill=${entry.id}`);
  });

  it('mails why not, in Tamil, when AutoPay was cancelled after the notice', async () => {
    const { customer, entry, bill } = await billInMyBills('2533', 'Home 2533');
    await speaks(customer, 'ta');
    await autopayOn(customer, entry, '14000');
    const debitAt = await toNotice(customer, entry);
    expect((await call('DELETE', `/my-bills/${entry.id}/autopay`, customer)).statusCode).toBe(200);
    turnedOn.pop();
    await advanceTo(debitAt + 60_000);
    await runAllDueJobs();
    expect(await ordersOfBill(bill.billNumber)).toEqual([]);
    const ta = translatorFor('ta');
    const [whyNot] = whyNotMails(customer, 'Home 2533', 'ta');
    expect(whyNot?.text).toContain(ta.t('autopay.why.turnedOff'));
    expect(whyNot?.text).toContain(ta.t('autopay.next.turnedOff'));
    expect(whyNot?.html).toContain('lang="ta"');
  });

  it("says why a debit failed in the customer's language, not in the English the row keeps", async () => {
    const { entry } = await billInMyBills('2534', 'Home 2534');
    const [row] = await env.database.db.select().from(myBills).where(eq(myBills.id, entry.id));
    if (!row) throw new Error('no entry');
    const debit = {
      id: 'AD-test',
      billNumber: entry.bill?.billNumber ?? '',
      amountPaise: 1_000,
      debitAt: new Date(),
      reason: BANK_DECLINED,
    } as DebitRow;
    for (const language of ['hi', 'ta'] as const) {
      const translator = translatorFor(language);
      const facts = { entry: row, debit, publicUrl: env.apiUrl, skipUrl: '', translator };
      const failed = autopayMails.failed(facts);
      expect(failed.text).toContain(translator.t('autopay.why.declined'));
      expect(failed.text).not.toContain(BANK_DECLINED);
    }
  });

  it('sends one "AutoPay will pay this" reminder, no "due in 3 days, pay now", for a bill AutoPay will pay', async () => {
    const { customer, entry, bill } = await billInMyBills('2535', 'Home 2535');
    // On the due date: the reminders by the due date all fall before the debit.
    await autopayOn(customer, entry, '14000', 0);
    const dueAt = Date.parse(`${bill.dueDate}T00:00:00+05:30`);
    await advanceTo(dueAt - 3 * 24 * HOUR + 9 * HOUR + 60_000);
    await runAllDueJobs();
    await advanceTo(dueAt - 24 * HOUR + 9 * HOUR + 60_000);
    await runAllDueJobs();
    expect(mailsTo(customer, 'Home 2535: bill due')).toEqual([]);
    const [willPay, ...more] = mailsTo(customer, 'Home 2535: AutoPay will pay this bill');
    expect(more).toEqual([]);
    const debitAt = (await entryOf(customer, entry.id)).autopay?.debit?.debitAt ?? '';
    const en = translatorFor('en');
    expect(willPay?.text).toContain(
      `AutoPay will pay this on ${en.dateTime(new Date(debitAt))} (India time).`,
    );
    expect(willPay?.text).not.toContain('Pay now');
    expect(willPay?.headers['list-unsubscribe']).toMatch(/unsubscribe\?token=/);
  });
});
