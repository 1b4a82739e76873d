import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billerChecks, billReminders, myBills } from '../../db/schema/my-bills.ts';

export type MyBillRow = typeof myBills.$inferSelect;
export type NewMyBill = Omit<typeof myBills.$inferInsert, 'createdAt' | 'updatedAt'>;
/** What is claimed once per bill: a reminder's kind, or the AutoPay line that replaces the ones by the due date. */
export type ReminderClaimKind = (typeof billReminders.$inferSelect)['kind'];
export type ReminderKind = Exclude<ReminderClaimKind, 'autopay-will-pay'>;

/** The new entry, or undefined when the customer already has this account of the biller. */
export async function insertMyBill(executor: Executor, row: NewMyBill): Promise<MyBillRow | undefined> {
  const [inserted] = await executor.insert(myBills).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function listMyBills(executor: Executor, userId: string): Promise<MyBillRow[]> {
  return executor
    .select()
    .from(myBills)
    .where(eq(myBills.userId, userId))
    .orderBy(desc(myBills.createdAt), desc(myBills.id));
}

/** One entry by id; with `userId`, only that customer's (another's is not found). */
export async function findMyBill(
  executor: Executor,
  id: string,
  userId?: string,
): Promise<MyBillRow | undefined> {
  const [row] = await executor
    .select()
    .from(myBills)
    .where(userId ? and(eq(myBills.id, id), eq(myBills.userId, userId)) : eq(myBills.id, id));
  return row;
}

export async function setReminders(
  executor: Executor,
  id: string,
  remindersOn: boolean,
  userId?: string,
): Promise<MyBillRow | undefined> {
  const [row] = await executor
    .update(myBills)
    .set({ remindersOn, updatedAt: sql`now()` })
    .where(userId ? and(eq(myBills.id, id), eq(myBills.userId, userId)) : eq(myBills.id, id))
    .returning();
  return row;
}

export async function deleteMyBill(executor: Executor, id: string, userId: string): Promise<boolean> {
  const deleted = await executor
    .delete(myBills)
    .where(and(eq(myBills.id, id), eq(myBills.userId, userId)))
    .returning({ id: myBills.id });
  return deleted.length > 0;
}

export async function deleteMyBillsOfUser(executor: Executor, userId: string): Promise<void> {
  await executor.delete(myBills).where(eq(myBills.userId, userId));
}

/**
 * Makes `seq + 1` the current check of this entry, if `seq` still is: one successor per check, so
 * the checks of a bill form one chain however often a job runs. Answers the new number.
 */
export async function advanceCheckSeq(
  executor: Executor,
  id: string,
  seq: number,
): Promise<number | undefined> {
  const [row] = await executor
    .update(myBills)
    .set({ checkSeq: seq + 1 })
    .where(and(eq(myBills.id, id), eq(myBills.checkSeq, seq)))
    .returning({ checkSeq: myBills.checkSeq });
  return row?.checkSeq;
}

/** Takes the entry's check lease until `until`, unless another check holds it; answers whether it did. */
export async function leaseCheck(executor: Executor, id: string, now: Date, until: Date): Promise<boolean> {
  const rows = await executor
    .update(myBills)
    .set({ checkingUntil: until })
    .where(and(eq(myBills.id, id), or(isNull(myBills.checkingUntil), lt(myBills.checkingUntil, now))))
    .returning({ id: myBills.id });
  return rows.length > 0;
}

export async function releaseCheck(executor: Executor, id: string): Promise<void> {
  await executor.update(myBills).set({ checkingUntil: null }).where(eq(myBills.id, id));
}

/**
 * Takes the biller's turn for a check if its last one is at least `gapMs` old (or it has none),
 * atomically across replicas; answers whether this caller got it.
 */
export async function takeBillerTurn(
  executor: Executor,
  billerId: string,
  now: Date,
  gapMs: number,
): Promise<boolean> {
  const rows = await executor
    .insert(billerChecks)
    .values({ billerId, lastCheckAt: now })
    .onConflictDoUpdate({
      target: billerChecks.billerId,
      set: { lastCheckAt: now },
      setWhere: lt(billerChecks.lastCheckAt, new Date(now.getTime() - gapMs + 1)),
    })
    .returning({ billerId: billerChecks.billerId });
  return rows.length > 0;
}

/** What a check found: a bill (`bill` set) or none due; `found` marks a bill new to this entry. */
export async function recordCheck(
  executor: Executor,
  id: string,
  now: Date,
  bill?: {
    number: string;
    amountPaise: number;
    dueDate: string;
    customerName: string | null;
    refId: string | null;
    found: boolean;
  },
): Promise<void> {
  const presented = bill
    ? {
        presentment: 'bill' as const,
        billNumber: bill.number,
        billAmountPaise: bill.amountPaise,
        billDueDate: bill.dueDate,
        billCustomerName: bill.customerName,
        billRefId: bill.refId,
        ...(bill.found ? { billFoundAt: now } : {}),
      }
    : {
        presentment: 'no-bill' as const,
        billNumber: null,
        billAmountPaise: null,
        billDueDate: null,
        billCustomerName: null,
        billRefId: null,
        billFoundAt: null,
      };
  await executor
    .update(myBills)
    .set({ ...presented, lastCheckedAt: now, updatedAt: sql`now()` })
    .where(eq(myBills.id, id));
}

/**
 * Claims the sending of one reminder: true for the first caller only, ever. A claim whose mail then
 * fails is given back (`unclaimReminder`) so the job's retry may send it.
 */
export async function claimReminder(
  executor: Executor,
  row: { id: string; myBillId: string; billNumber: string; kind: ReminderClaimKind },
): Promise<boolean> {
  const rows = await executor
    .insert(billReminders)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: billReminders.id });
  return rows.length > 0;
}

export async function unclaimReminder(executor: Executor, id: string): Promise<void> {
  await executor.delete(billReminders).where(eq(billReminders.id, id));
}
