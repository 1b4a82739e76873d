import { and, count, eq, gte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** A table that records who sent each row and when (complaints, contact messages). */
type SenderLog = PgTable & { senderIp: PgColumn; createdAt: PgColumn };

/** How many rows of `table` one address sent since `since`: what a per-sender limit counts. */
export async function countSentSince(
  executor: Executor,
  table: SenderLog,
  senderIp: string,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(table)
    .where(and(eq(table.senderIp, senderIp), gte(table.createdAt, since)));
  return row?.total ?? 0;
}
