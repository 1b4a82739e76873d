import { and, desc, eq, gte, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema/payments.ts';
import { complaints } from '../../db/schema/support.ts';
import { countSentSince } from '../../db/sender-limit.ts';
import { FINISHED_STATUSES } from './complaint-rules.ts';

export type ComplaintRow = typeof complaints.$inferSelect;

export async function insertComplaint(
  executor: Executor,
  values: typeof complaints.$inferInsert,
): Promise<ComplaintRow> {
  const [row] = await executor.insert(complaints).values(values).returning();
  return row!;
}

export async function findComplaint(
  executor: Executor,
  complaintId: string,
): Promise<ComplaintRow | undefined> {
  const [row] = await executor.select().from(complaints).where(eq(complaints.complaintId, complaintId));
  return row;
}

/** The open complaint about this transaction, if one was raised already. */
export async function findOpenComplaintAbout(
  executor: Executor,
  txnReferenceId: string,
): Promise<ComplaintRow | undefined> {
  const [row] = await executor
    .select()
    .from(complaints)
    .where(
      and(eq(complaints.txnReferenceId, txnReferenceId), notInArray(complaints.status, FINISHED_STATUSES)),
    )
    .orderBy(desc(complaints.createdAt))
    .limit(1);
  return row;
}

export const countComplaintsFromSender = (executor: Executor, senderIp: string, since: Date) =>
  countSentSince(executor, complaints, senderIp, since);

/** Records the network's latest word, unless someone recorded a newer one first (then undefined). */
export async function updateComplaintStatus(
  executor: Executor,
  id: string,
  expectedStatus: string,
  next: { status: string; remarks: string },
): Promise<ComplaintRow | undefined> {
  const [row] = await executor
    .update(complaints)
    .set({ ...next, updatedAt: new Date() })
    .where(and(eq(complaints.id, id), eq(complaints.status, expectedStatus)))
    .returning();
  return row;
}

/** How many of a customer's complaints My complaints lists, newest first. */
const MY_COMPLAINTS = 100;

/** A signed-in customer's own complaints (raised signed in, or proven theirs by a mailed code). */
export async function findUserComplaints(executor: Executor, userId: string): Promise<ComplaintRow[]> {
  return executor
    .select()
    .from(complaints)
    .where(eq(complaints.userId, userId))
    .orderBy(desc(complaints.createdAt))
    .limit(MY_COMPLAINTS);
}

export type CustomerOrder = Pick<
  typeof orders.$inferSelect,
  'txnReferenceId' | 'billerName' | 'amountPaise' | 'convenienceFeePaise' | 'status' | 'createdAt' | 'userId'
>;

const orderColumns = {
  txnReferenceId: orders.txnReferenceId,
  billerName: orders.billerName,
  amountPaise: orders.amountPaise,
  convenienceFeePaise: orders.convenienceFeePaise,
  status: orders.status,
  createdAt: orders.createdAt,
  userId: orders.userId,
};

export async function findOrderByTxnReference(
  executor: Executor,
  txnReferenceId: string,
): Promise<CustomerOrder | undefined> {
  const [row] = await executor
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.txnReferenceId, txnReferenceId));
  return row;
}

/**
 * One user's orders that reached the bill network, paid by or for `mobile` (the payer's phone or the
 * recharged number), created in [from, until). Newest first.
 */
export async function findUserOrdersByMobile(
  executor: Executor,
  query: { userId: string; mobile: string; from: Date; until: Date; limit: number },
): Promise<CustomerOrder[]> {
  const rechargedNumber = JSON.stringify([{ name: 'Mobile Number', value: query.mobile }]);
  return executor
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.userId, query.userId),
        isNotNull(orders.txnReferenceId),
        gte(orders.createdAt, query.from),
        lt(orders.createdAt, query.until),
        or(
          sql`${orders.payer} ->> 'phone' = ${query.mobile}`,
          sql`${orders.customerParams} @> ${rechargedNumber}::jsonb`,
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(query.limit);
}

export async function findComplaintById(executor: Executor, id: string): Promise<ComplaintRow | undefined> {
  const [row] = await executor.select().from(complaints).where(eq(complaints.id, id));
  return row;
}
