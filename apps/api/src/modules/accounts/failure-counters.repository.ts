import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/accounts.ts';

/**
 * Adds one failure to the counter `key` in a fixed window of `windowSeconds` (a counter whose window
 * has passed starts again at one), atomically. Answers the count and when the window started.
 */
export async function addFailure(executor: Executor, key: string, windowSeconds: number, now: Date) {
  const windowOver = sql`${loginFailures.windowStart} <= ${new Date(now.getTime() - windowSeconds * 1000)}`;
  const [row] = await executor
    .insert(loginFailures)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now} else ${loginFailures.windowStart} end`,
      },
    })
    .returning();
  return row!;
}

/** The counter `key` if its window is still open. */
export async function readFailures(executor: Executor, key: string, windowSeconds: number, now: Date) {
  const [row] = await executor
    .select()
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, key),
        gt(loginFailures.windowStart, new Date(now.getTime() - windowSeconds * 1000)),
      ),
    );
  return row;
}

export async function clearFailures(executor: Executor, keys: string[]) {
  await executor.delete(loginFailures).where(inArray(loginFailures.key, keys));
}
