import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createMetrics, type Metrics } from '../src/metrics/metrics.ts';
import { readinessReader } from '../src/modules/health/index.ts';
import { openTestDatabase } from './support/test-database.ts';

/**
 * Issue 41 item 2: the figures the alert rules watch (decision 130), read from the database at a scrape:
 * orders overdue in their status, payments ended in the last 15 minutes, refunds due within a day,
 * notices not sent on time, and the replica's readiness.
 */

let database: DatabaseHandle;
let metrics: Metrics;

const minutesAgo = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
const hoursAhead = (hours: number) => sql`now() + make_interval(hours => ${hours})`;

let orderCount = 0;
async function order(status: string, updatedMinutesAgo: number): Promise<string> {
  orderCount += 1;
  const id = `ord_ALERT${orderCount}`;
  await database.db.execute(sql`
    insert into orders (id, merchant_order_id, user_id, status, kind, customer_params, amount_paise, updated_at)
    values (${id}, ${`m_${id}`}, 'usr_ALERT', ${status}, 'bill', '[]', 10000, ${minutesAgo(updatedMinutesAgo)})`);
  return id;
}

async function refund(status: string, reason: string, deadline: ReturnType<typeof sql>): Promise<void> {
  const orderId = await order('REFUND_PENDING', 0);
  await database.db.execute(sql`
    insert into refunds (id, order_id, gateway, amount_paise, status, reason, deadline_at)
    values (${`rfd_${orderId}`}, ${orderId}, 'payu', 10000, ${status}, ${reason}, ${deadline})`);
}

let jobCount = 0;
async function job(kind: string, status: string, runAt: ReturnType<typeof sql>, lastError?: string) {
  jobCount += 1;
  await database.db.execute(sql`
    insert into jobs (id, kind, payload, status, run_at, last_error)
    values (${`job_ALERT${jobCount}`}, ${kind}, '{}', ${status}, ${runAt}, ${lastError ?? null})`);
}

/** The value of the sample `name{label="value"}` in a scrape's text, or undefined. */
function sampleOf(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

beforeAll(async () => {
  database = await openTestDatabase();
  metrics = createMetrics({ db: database.db, handoffExpirySeconds: 20 * 60 });
  // Overdue: CREATED past 30 min, PAYMENT_PENDING past the 20-minute expiry + 30, BILL_PENDING past an hour.
  await order('CREATED', 31);
  await order('CREATED', 10);
  await order('PAYMENT_PENDING', 55);
  await order('PAYMENT_PENDING', 45);
  await order('BILL_PENDING', 61);
  await order('BILL_PENDING', 61);
  await order('BILL_PENDING', 5);
  await order('PAID', 14);
  // Ended within 15 minutes: BILL_PENDING (5), PAID (14), SUCCESS (1) paid; PAYMENT_FAILED (2) failed.
  await order('SUCCESS', 1);
  await order('SUCCESS', 16);
  await order('PAYMENT_FAILED', 2);
  await order('PAYMENT_FAILED', 40);
  // Refunds: an auto one due in 5 hours is at risk; one due in 3 days, one already late, one done are not.
  await refund('PENDING', 'auto', hoursAhead(5));
  await refund('PENDING', 'auto', hoursAhead(72));
  await refund('PENDING', 'merchant', hoursAhead(-1));
  await refund('COMPLETED', 'merchant', hoursAhead(5));
  // Notices: a reminder 20 minutes past its time is late, one 5 minutes past is not yet; AutoPay's notify
  // retrying after a failure and its mail given up are late, a sent mail is not; an order's mail is no notice.
  await job('my-bills.remind', 'queued', minutesAgo(20));
  await job('my-bills.remind', 'queued', minutesAgo(5));
  await job('autopay.notify', 'queued', hoursAhead(1), 'PhonePe could not be reached');
  await job('autopay.mail', 'failed', minutesAgo(1), 'mail refused');
  await job('autopay.mail', 'done', minutesAgo(30));
  await job('payments.mail', 'queued', minutesAgo(20));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('the alerts’ figures', () => {
  it('count orders past the time their status should take, every status present', async () => {
    const text = await metrics.scrape();
    const overdue = (status: string) => sampleOf(text, 'erti_orders_overdue', `status="${status}"`);
    expect(overdue('CREATED')).toBe(1);
    expect(overdue('PAYMENT_PENDING')).toBe(1);
    expect(overdue('BILL_PENDING')).toBe(2);
    expect(overdue('PAID')).toBe(0);
    expect(overdue('BILL_FAILED')).toBe(0);
  });

  it('count the payments that ended in the last 15 minutes, paid and failed', async () => {
    const text = await metrics.scrape();
    // The refunds' orders moved to REFUND_PENDING now: a refund is no payment ending.
    expect(sampleOf(text, 'erti_payments_ended_15m', 'outcome="paid"')).toBe(3);
    expect(sampleOf(text, 'erti_payments_ended_15m', 'outcome="failed"')).toBe(1);
  });

  it('count the pending refunds due within a day, apart from the late ones', async () => {
    const text = await metrics.scrape();
    expect(sampleOf(text, 'erti_refunds_due_soon', 'reason="auto"')).toBe(1);
    expect(sampleOf(text, 'erti_refunds_due_soon', 'reason="merchant"')).toBe(0);
    expect(sampleOf(text, 'erti_refunds_late', 'reason="merchant"')).toBe(1);
  });

  it('count the reminders and AutoPay notices not sent on time', async () => {
    const text = await metrics.scrape();
    expect(sampleOf(text, 'erti_notices_late', 'notice="reminder"')).toBe(1);
    expect(sampleOf(text, 'erti_notices_late', 'notice="autopay"')).toBe(2);
  });

  it('say whether the replica is ready, by the checks of /api/health/ready', async () => {
    const lifecycle = { stopping: false, beginStopping: () => {} };
    // A reader of its own each time: the catalogue's state is cached for a moment.
    const readyNow = async () => {
      const withReadiness = createMetrics({
        db: database.db,
        ready: readinessReader({ database, db: database.db, lifecycle }),
      });
      return sampleOf(await withReadiness.scrape(), 'erti_ready');
    };
    // No catalogue yet (no sync has ended, no biller): not ready.
    expect(await readyNow()).toBe(0);
    await database.db.execute(sql`
      insert into billers (biller_id, biller_name, search_name, category, record)
      values ('ALERT0000NAT01', 'Alert Power', 'alert power', 'Electricity', '{}')`);
    expect(await readyNow()).toBe(1);
    lifecycle.stopping = true;
    expect(await readyNow()).toBe(0);
    // Without a readiness to ask there is no such figure.
    expect(sampleOf(await metrics.scrape(), 'erti_ready')).toBeUndefined();
  });
});
