import { and, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/payments.ts';
import { complaintCodeMisses, complaintCodes } from '../../db/schema/support.ts';
import { countSentSince } from '../../db/sender-limit.ts';

export type ComplaintCodeRow = typeof complaintCodes.$inferSelect;

/** Who paid an order that reached the network: its account, and where and in what language to write. */
export interface PaymentOwner {
  userId: string;
  /** The account's address; the one on the order once the account is deleted; null when neither. */
  email: string | null;
  language: string | null;
}

/** The owner of our order with this B-Connect Txn ID, or undefined when it is not a payment of ours. */
export async function findPaymentOwner(
  executor: Executor,
  txnReferenceId: string,
): Promise<PaymentOwner | undefined> {
  const [row] = await executor
    .select({
      userId: orders.userId,
      email: sql<string | null>`coalesce(${users.email}, ${orders.payer} ->> 'email')`,
      language: users.language,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.txnReferenceId, txnReferenceId))
    .limit(1);
  return row;
}

export async function insertComplaintCode(
  executor: Executor,
  values: typeof complaintCodes.$inferInsert,
): Promise<void> {
  await executor.insert(complaintCodes).values(values);
}

export async function deleteComplaintCode(executor: Executor, id: string): Promise<void> {
  await executor.delete(complaintCodes).where(eq(complaintCodes.id, id));
}

/** The newest code of a payment: the only one that counts (a newer code retires the older). */
export async function newestComplaintCode(
  executor: Executor,
  txnReferenceId: string,
): Promise<ComplaintCodeRow | undefined> {
  const [row] = await executor
    .select()
    .from(complaintCodes)
    .where(eq(complaintCodes.txnReferenceId, txnReferenceId))
    .orderBy(desc(complaintCodes.createdAt))
    .limit(1);
  return row;
}

/** Codes mailed to one payer's address since `since`, whoever asked. */
export async function countCodesTo(executor: Executor, email: string, since: Date): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(complaintCodes)
    .where(and(eq(complaintCodes.email, email), gte(complaintCodes.createdAt, since)));
  return row?.total ?? 0;
}

export const countCodesAskedBy = (executor: Executor, sender: string, since: Date) =>
  countSentSince(executor, complaintCodes, sender, since);

/** Takes one of a live code's wrong tries; false when it has none left (or it expired). */
export async function reserveCodeTry(
  executor: Executor,
  id: string,
  maxWrongTries: number,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(complaintCodes)
    .set({ wrongTries: sql`${complaintCodes.wrongTries} + 1` })
    .where(
      and(
        eq(complaintCodes.id, id),
        lt(complaintCodes.wrongTries, maxWrongTries),
        gt(complaintCodes.expiresAt, now),
      ),
    )
    .returning({ id: complaintCodes.id });
  return rows.length > 0;
}

/** Gives back the try a right code took: only wrong codes count against it. */
export async function returnCodeTry(executor: Executor, id: string): Promise<void> {
  await executor
    .update(complaintCodes)
    .set({ wrongTries: sql`greatest(${complaintCodes.wrongTries} - 1, 0)` })
    .where(eq(complaintCodes.id, id));
}

export async function recordCodeMiss(executor: Executor, id: string, sender: string, at: Date) {
  await executor.insert(complaintCodeMisses).values({ id, senderIp: sender, createdAt: at });
}

export const countCodeMisses = (executor: Executor, sender: string, since: Date) =>
  countSentSince(executor, complaintCodeMisses, sender, since);
