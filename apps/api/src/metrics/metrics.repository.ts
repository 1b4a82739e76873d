import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many orders are in each status (an index-only scan of `orders_status_idx`). */
export async function countOrdersByStatus(executor: Executor): Promise<{ status: string; count: number }[]> {
  const result = await executor.execute(
    sql`select status, count(*)::int as count from orders group by status`,
  );
  return rowsOf(result);
}

/** Queued jobs that are due, and how long the oldest of them has waited (`jobs_due_idx`). */
export async function dueJobs(executor: Executor): Promise<{ count: number; oldestAgeSeconds: number }> {
  const result = await executor.execute(sql`
    select count(*)::int as count,
      coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as "oldestAgeSeconds"
    from jobs where status = 'queued' and run_at <= now()`);
  return rowsOf<{ count: number; oldestAgeSeconds: number }>(result)[0] ?? { count: 0, oldestAgeSeconds: 0 };
}

/**
 * Refunds still PENDING past their deadline, by reason (`refunds_status_idx`, then each one's order):
 * an automatic refund by the day its customer paid, a merchant's by the day it was asked.
 */
export async function countLateRefunds(
  executor: Executor,
  cutoffs: { paidBefore: Date; askedBefore: Date },
): Promise<{ reason: string; count: number }[]> {
  const result = await executor.execute(sql`
    select r.reason, count(*)::int as count
    from refunds r join orders o on o.id = r.order_id
    where r.status = 'PENDING' and case when r.reason = 'auto'
      then o.created_at < ${cutoffs.paidBefore.toISOString()}::timestamptz
      else r.created_at < ${cutoffs.askedBefore.toISOString()}::timestamptz end
    group by r.reason`);
  return rowsOf(result);
}
