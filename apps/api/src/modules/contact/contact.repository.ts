import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/support.ts';
import { countSentSince } from '../../db/sender-limit.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  executor: Executor,
  values: typeof contactMessages.$inferInsert,
): Promise<ContactMessageRow> {
  const [row] = await executor.insert(contactMessages).values(values).returning();
  return row!;
}

/** How many messages one address sent since `since` (the per-sender limit). */
export const countMessagesFromSender = (executor: Executor, senderIp: string, since: Date) =>
  countSentSince(executor, contactMessages, senderIp, since);

export async function findUndeliveredMessage(
  executor: Executor,
  id: string,
): Promise<ContactMessageRow | undefined> {
  const [row] = await executor
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.deliveredAt)));
  return row;
}

export async function markMessageDelivered(executor: Executor, id: string): Promise<void> {
  await executor
    .update(contactMessages)
    .set({ deliveredAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.deliveredAt)));
}
