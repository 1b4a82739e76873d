import type { Biller, MyBill } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { createSmtpMailer } from '../src/integrations/mail/mailer.ts';
import { runDueJobs } from '../src/jobs/job-queue.ts';
import type { TestClock } from '../src/lib/clock.ts';
import {
  customerNumber,
  type SignedInUser,
  signedInUser,
  startBillPaymentEnv,
} from './support/bill-network.ts';
import { fetchBill, paidAtPayu } from './support/payment-flows.ts';
import type { TestEnv } from './support/test-env.ts';

let env: TestEnv;
let electricity: Biller;
let user: SignedInUser;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IST_MS = 330 * 60_000;

beforeAll(async () => {
  ({ env, electricity, user } = await startBillPaymentEnv({
    TEST_CLOCK: true,
    // One check a millisecond per biller: the pacing has a test of its own below.
    BILL_CHECKS_PER_BILLER_PER_MINUTE: 60_000,
  }));
});
afterAll(async () => {
  await env?.close();
});

const apiClock = () => env.built.clock as TestClock;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: SignedInUser,
  payload?: unknown,
) =>
  env.app.inject({
    method,
    url: `/api${url}`,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const paramsFor = (ending: string) => [
  { name: electricity.customerParams[0]?.paramName ?? '', value: customerNumber(electricity, ending) },
];

async function add(who: SignedInUser, ending: string, nickname = 'Home'): Promise<MyBill> {
  const response = await call('POST', '/my-bills', who, {
    billerId: electricity.billerId,
    customerParams: paramsFor(ending),
    nickname,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Runs due jobs until none is left (a check may queue reminders that are due at once). */
async function runAllDueJobs(): Promise<void> {
  while ((await env.runJobs()) > 0);
}

const remindersTo = (who: SignedInUser, nickname: string) =>
  env.sandbox.mailbox.list(who.email).filter((mail) => mail.subject.includes(nickname));

/** The moment (api clock) a reminder `dayOffset` days from the due date goes out: 09:00 India time. */
const reminderAt = (dueDate: string, dayOffset: number) =>
  Date.parse(`${dueDate}T00:00:00Z`) + dayOffset * DAY + 9 * HOUR - IST_MS;

async function advanceApiClockTo(at: number): Promise<void> {
  const now = apiClock().now().getTime();
  if (at > now) apiClock().advance(at - now);
}

describe('My Bills: add, list, remove', () => {
  it('adds an entry, lists it, refuses the same account twice and removes it', async () => {
    const customer = await signedInUser(env);
    const added = await add(customer, '2101', 'Flat 4B');
    expect(added).toMatchObject({ nickname: 'Flat 4B', billerId: electricity.billerId, remindersOn: true });
    expect(added.id).toMatch(/^mbl_/);
    expect(added.state).toBe('no-bill');

    const twice = await call('POST', '/my-bills', customer, {
      billerId: electricity.billerId,
      customerParams: paramsFor('2101'),
      nickname: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This bill is already in your My Bills');

    const listed = await call('GET', '/my-bills', customer);
    expect(listed.json().map((entry: MyBill) => entry.id)).toEqual([added.id]);

    expect((await call('DELETE', `/my-bills/${added.id}`, customer)).statusCode).toBe(200);
    expect((await call('GET', '/my-bills', customer)).json()).toEqual([]);
    expect((await call('DELETE', `/my-bills/${added.id}`, customer)).statusCode).toBe(404);
  });

  it("shows a customer only their own entries: another's id is not found", async () => {
    const owner = await signedInUser(env);
    const other = await signedInUser(env);
    const entry = await add(owner, '2102');
    expect((await call('GET', '/my-bills', other)).json()).toEqual([]);
    expect((await call('GET', `/my-bills/${entry.id}`, other)).statusCode).toBe(404);
    expect((await call('PATCH', `/my-bills/${entry.id}`, other, { remindersOn: false })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/my-bills/${entry.id}`, other)).statusCode).toBe(404);
    const mine = await call('GET', `/my-bills/${entry.id}`, owner);
    expect(mine.json()).toMatchObject({ id: entry.id, remindersOn: true });
  });

  it('refuses bad input with a clear 4xx, and a visitor with 401', async () => {
    const customer = await signedInUser(env);
    const noNickname = await call('POST', '/my-bills', customer, {
      billerId: electricity.billerId,
      customerParams: paramsFor('2103'),
      nickname: '  ',
    });
    expect(noNickname.statusCode).toBe(400);
    expect(noNickname.body).toContain('Please enter a nickname');
    const badNumber = await call('POST', '/my-bills', customer, {
      billerId: electricity.billerId,
      customerParams: [{ name: electricity.customerParams[0]?.paramName, value: 'abc' }],
      nickname: 'Home',
    });
    expect(badNumber.statusCode).toBe(400);
    const unknown = await call('POST', '/my-bills', customer, {
      billerId: 'NOSUCHBILLER0001',
      customerParams: paramsFor('2103'),
      nickname: 'Home',
    });
    expect(unknown.statusCode).toBe(404);
    const badToggle = await call('PATCH', '/my-bills/mbl_x', customer, { remindersOn: 'yes' });
    expect(badToggle.statusCode).toBe(400);
    expect((await call('GET', '/my-bills')).statusCode).toBe(401);
  });
});

describe('My Bills: bill checks', () => {
  it('finds a bill already there at once, then queues the next check about BILL_CHECK_HOURS later', async () => {
    const customer = await signedInUser(env);
    const entry = await add(customer, '2201');
    await runAllDueJobs();
    const checked: MyBill = (await call('GET', `/my-bills/${entry.id}`, customer)).json();
    expect(checked.bill?.billNumber).toBeTruthy();
    expect(['due', 'due-soon', 'overdue']).toContain(checked.state);
    const next = await env.database.db.query.jobs.findMany({
      where: (job, { and, eq: equals }) =>
        and(equals(job.kind, 'my-bills.check'), equals(job.status, 'queued')),
    });
    const mine = next.filter((job) => job.payload.myBillId === entry.id);
    expect(mine).toHaveLength(1);
    const waitMs = (mine[0]?.runAt.getTime() ?? 0) - apiClock().now().getTime();
    expect(waitMs).toBeGreaterThan(0.9 * 24 * HOUR - 60_000);
    expect(waitMs).toBeLessThanOrEqual(1.1 * 24 * HOUR);
  });
});

describe('My Bills: reminders', () => {
  it('mails a new bill, then 3 days and 1 day before the due date and when overdue, each once, also after a restart', async () => {
    const customer = await signedInUser(env);
    // The network knows the customer (a fetch), then issues a new bill, due in the next days.
    await fetchBill(env, electricity, '2301', customer.headers);
    env.sandbox.clock.advance(73 * HOUR);
    const entry = await add(customer, '2301', 'Home 2301');
    await runAllDueJobs();

    const [newBill] = remindersTo(customer, 'Home 2301');
    expect(newBill?.subject).toBe(`New bill for Home 2301 (${electricity.billerName})`);
    const checked: MyBill = (await call('GET', `/my-bills/${entry.id}`, customer)).json();
    const bill = checked.bill;
    if (!bill) throw new Error('no bill found');
    expect(newBill?.text).toContain(`Biller: ${electricity.billerName}`);
    expect(newBill?.text).toContain('Nickname: Home 2301');
    expect(newBill?.text).toContain(`Pay now: ${env.apiUrl}/billerdetails?myBill=${entry.id}`);
    expect(newBill?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/.+\/api\/my-bills\/unsubscribe\?token=.+>$/,
    );
    expect(newBill?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await advanceApiClockTo(reminderAt(bill.dueDate, -3) + 60_000);
    await runAllDueJobs();
    expect(remindersTo(customer, 'Home 2301').map((mail) => mail.subject)[0]).toBe(
      'Home 2301: bill due in 3 days',
    );

    await advanceApiClockTo(reminderAt(bill.dueDate, -1) + 60_000);
    await runAllDueJobs();
    expect(remindersTo(customer, 'Home 2301').map((mail) => mail.subject)[0]).toBe(
      'Home 2301: bill due tomorrow',
    );

    await advanceApiClockTo(reminderAt(bill.dueDate, 1) + 60_000);
    await runAllDueJobs();
    const all = remindersTo(customer, 'Home 2301').map((mail) => mail.subject);
    expect(all).toEqual([
      'Home 2301: bill overdue',
      'Home 2301: bill due tomorrow',
      'Home 2301: bill due in 3 days',
      `New bill for Home 2301 (${electricity.billerName})`,
    ]);
    const overdue: MyBill = (await call('GET', `/my-bills/${entry.id}`, customer)).json();
    expect(overdue.state).toBe('overdue');

    // A restart, and every reminder job run again as after a crash between the mail and its end:
    // the same reminders are not sent twice.
    const restarted = await buildApp({
      config: env.config,
      database: env.database,
      mailer: createSmtpMailer(env.config),
    });
    try {
      await env.database.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.kind, 'my-bills.remind'));
      await runDueJobs(env.database.db, restarted.jobHandlers, restarted.app.log, 100, apiClock());
    } finally {
      await restarted.app.close();
    }
    expect(remindersTo(customer, 'Home 2301')).toHaveLength(4);
  });

  it('sends no reminder for a bill already paid on Erti Pay', async () => {
    const customer = await signedInUser(env);
    const fetched = await fetchBill(env, electricity, '2401', customer.headers);
    await paidAtPayu(env, fetched, customer, electricity.billerName);
    await runAllDueJobs();
    const entry = await add(customer, '2401', 'Paid 2401');
    await runAllDueJobs();
    expect(remindersTo(customer, 'Paid 2401')).toEqual([]);
    const shown: MyBill = (await call('GET', `/my-bills/${entry.id}`, customer)).json();
    expect(shown.state).toBe('paid');
  });

  it("turns one biller's reminders off by a POST of the mail's unsubscribe link, without a login; a GET only asks", async () => {
    const customer = await signedInUser(env);
    const entry = await add(customer, '2501', 'Shop 2501');
    await runAllDueJobs();
    const [mail] = remindersTo(customer, 'Shop 2501');
    const link = /^<(.+)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1];
    if (!link) throw new Error('no unsubscribe link');

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop reminders');
    expect((await call('GET', `/my-bills/${entry.id}`, customer)).json().remindersOn).toBe(true);

    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await call('GET', `/my-bills/${entry.id}`, customer)).json().remindersOn).toBe(false);

    const forged = await fetch(link.replace(/token=([^.]+)\.[^&]+/, 'token=$1.forged'), { method: 'POST' });
    expect(forged.status).toBe(404);
  });

  it('turns reminders back on from My Bills', async () => {
    const entry = await add(user, '2601', 'Office');
    const off = await call('PATCH', `/my-bills/${entry.id}`, user, { remindersOn: false });
    expect(off.json().remindersOn).toBe(false);
    const on = await call('PATCH', `/my-bills/${entry.id}`, user, { remindersOn: true });
    expect(on.json().remindersOn).toBe(true);
  });
});

describe('the test clock', () => {
  it('moves the api clock forward on POST /__test/clock', async () => {
    const before = apiClock().now().getTime();
    const moved = await env.app.inject({
      method: 'POST',
      url: '/__test/clock',
      payload: { advanceMs: 60_000 },
    });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().now)).toBeGreaterThanOrEqual(before + 60_000);
    const bad = await env.app.inject({ method: 'POST', url: '/__test/clock', payload: { advanceMs: -1 } });
    expect(bad.statusCode).toBe(400);
  });
});
