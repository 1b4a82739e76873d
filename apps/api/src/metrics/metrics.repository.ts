import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Orders by status on `orders_status_idx`: every order in a status that still waits on something, and
 * those that came to rest (`resting`) in the last 24 hours. Resting orders pile up forever; counting
 * them all would scan the whole table (112 ms for a million orders on PostgreSQL).
 */
export async function countOrdersByStatus(
  executor: Executor,
  statuses: { waiting: readonly string[]; resting: readonly string[] },
): Promise<{ waiting: StatusCount[]; restedToday: StatusCount[] }> {
  const [waiting, restedToday] = await Promise.all([
    executor.execute(sql`select status, count(*)::int as count from orders
      where status in (${inList(statuses.waiting)}) group by status`),
    executor.execute(sql`select status, count(*)::int as count from orders
      where status in (${inList(statuses.resting)}) and updated_at > now() - interval '1 day'
      group by status`),
  ]);
  return { waiting: rowsOf(waiting), restedToday: rowsOf(restedToday) };
}

interface StatusCount {
  status: string;
  count: number;
}

/** Queued jobs that are due, and how long the oldest of them has waited (`jobs_due_idx`). */
export async function dueJobs(executor: Executor): Promise<{ count: number; oldestAgeSeconds: number }> {
  const result = await executor.execute(sql`
    select count(*)::int as count,
      coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as "oldestAgeSeconds"
    from jobs where status = 'queued' and run_at <= now()`);
  return rowsOf<{ count: number; oldestAgeSeconds: number }>(result)[0] ?? { count: 0, oldestAgeSeconds: 0 };
}

/** Refunds still PENDING past the deadline each was given when it opened, by reason (`refunds_status_idx`). */
export async function countLateRefunds(
  executor: Executor,
  now: Date,
): Promise<{ reason: string; count: number }[]> {
  // Late is past the deadline written on the refund when it opened (refundTerms reads the same).
  const result = await executor.execute(sql`
    select r.reason, count(*)::int as count
    from refunds r
    where r.status = 'PENDING' and r.deadline_at < ${now.toISOString()}::timestamptz
    group by r.reason`);
  return rowsOf(result);
}

/** The job kinds that carry a notice a customer was promised: My Bills' reminders, AutoPay's notices. */
export const noticeJobs = { reminder: ['my-bills.remind'], autopay: ['autopay.notify', 'autopay.mail'] };

export interface AlertFigure {
  figure: 'overdue' | 'ended' | 'refund-due-soon' | 'notice-late';
  label: string;
  count: number;
}

/**
 * What the alert rules watch beyond the counts above (decision 130), in one statement, each part on an
 * index: orders in a status longer than `expectedSeconds` allows it (`orders_status_idx`); payments
 * that ended in the last 15 minutes, paid or failed (the same index); pending refunds due within a day
 * (`refunds_status_idx`); notices not sent on time: their job waiting over 15 minutes past its time,
 * retrying after a failure, or given up in the last day (`jobs_due_idx`).
 */
export async function alertFigures(
  executor: Executor,
  expectedSeconds: Readonly<Record<string, number>>,
): Promise<AlertFigure[]> {
  const overdue = sql.join(
    Object.entries(expectedSeconds).map(
      ([status, seconds]) =>
        sql`(status = ${status} and updated_at < now() - make_interval(secs => ${seconds}))`,
    ),
    sql` or `,
  );
  const notices = [...noticeJobs.reminder, ...noticeJobs.autopay];
  const result = await executor.execute(sql`
    select 'overdue' as figure, status as label, count(*)::int as count from orders
      where ${overdue} group by status
    union all
    select 'ended', case when status = 'PAYMENT_FAILED' then 'failed' else 'paid' end, count(*)::int
      from orders
      where status in ('PAID', 'BILL_PENDING', 'BILL_FAILED', 'SUCCESS', 'PAYMENT_FAILED')
        and updated_at > now() - interval '15 minutes'
      group by 2
    union all
    select 'refund-due-soon', reason, count(*)::int from refunds
      where status = 'PENDING' and deadline_at >= now() and deadline_at < now() + interval '1 day'
      group by reason
    union all
    select 'notice-late', case when kind in (${inList(noticeJobs.reminder)}) then 'reminder' else 'autopay' end,
      count(*)::int from jobs
      where kind in (${inList(notices)}) and (
        (status = 'queued' and (run_at < now() - interval '15 minutes' or last_error is not null))
        or (status = 'failed' and updated_at > now() - interval '1 day'))
      group by 2`);
  return rowsOf<AlertFigure>(result);
}
