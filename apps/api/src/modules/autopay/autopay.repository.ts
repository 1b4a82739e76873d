import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { autopayDebits, autopayMandates } from '../../db/schema/autopay.ts';

export type MandateRow = typeof autopayMandates.$inferSelect;
export type MandateStatus = MandateRow['status'];
export type DebitRow = typeof autopayDebits.$inferSelect;
export type DebitStatus = DebitRow['status'];
/** A debit that is not one Resume replaced: the one that stands for its bill. */
export type LiveDebitRow = DebitRow & { status: Exclude<DebitStatus, 'superseded'> };

/** The mandates that may be replaced by turning AutoPay on again: ended, or never authorised. */
const REPLACEABLE: MandateStatus[] = ['pending', 'cancelled', 'failed'];

export async function findMandateOfBill(
  executor: Executor,
  myBillId: string,
  userId?: string,
): Promise<MandateRow | undefined> {
  const [row] = await executor
    .select()
    .from(autopayMandates)
    .where(
      userId
        ? and(eq(autopayMandates.myBillId, myBillId), eq(autopayMandates.userId, userId))
        : eq(autopayMandates.myBillId, myBillId),
    );
  return row;
}

export async function findMandate(executor: Executor, id: string): Promise<MandateRow | undefined> {
  const [row] = await executor.select().from(autopayMandates).where(eq(autopayMandates.id, id));
  return row;
}

/** A customer's mandates that are not over: waiting for the gateway's page, on, or paused. */
export function listLiveMandatesOfUser(executor: Executor, userId: string): Promise<MandateRow[]> {
  return executor
    .select()
    .from(autopayMandates)
    .where(
      and(eq(autopayMandates.userId, userId), inArray(autopayMandates.status, ['pending', 'on', 'paused'])),
    );
}

/** The mandate a Razorpay token or a gateway's setup order belongs to. */
export async function findMandateByGatewayRef(
  executor: Executor,
  ref: { tokenId?: string; setupOrderId?: string },
): Promise<MandateRow | undefined> {
  const [row] = await executor
    .select()
    .from(autopayMandates)
    .where(
      ref.tokenId
        ? sql`${autopayMandates.gatewayRefs}->>'tokenId' = ${ref.tokenId}`
        : sql`${autopayMandates.gatewayRefs}->>'setupOrderId' = ${ref.setupOrderId ?? ''}`,
    );
  return row;
}

export async function listMandatesOfBills(executor: Executor, myBillIds: string[]): Promise<MandateRow[]> {
  if (myBillIds.length === 0) return [];
  return executor.select().from(autopayMandates).where(inArray(autopayMandates.myBillId, myBillIds));
}

/**
 * Records a new mandate for an entry: inserted, or replacing one that ended or was never authorised.
 * Undefined when the entry's AutoPay is on or paused (it is not replaced).
 */
export async function saveNewMandate(
  executor: Executor,
  row: Omit<typeof autopayMandates.$inferInsert, 'createdAt' | 'updatedAt'>,
): Promise<MandateRow | undefined> {
  const [saved] = await executor
    .insert(autopayMandates)
    .values(row)
    .onConflictDoUpdate({
      target: autopayMandates.myBillId,
      set: { ...row, createdAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: inArray(autopayMandates.status, REPLACEABLE),
    })
    .returning();
  return saved;
}

/** Moves a mandate to `to` if it is in one of `from` (a conditional update); undefined when it was not. */
export async function moveMandate(
  executor: Executor,
  id: string,
  from: MandateStatus[],
  to: MandateStatus,
  set: Partial<Pick<MandateRow, 'gatewayRefs' | 'providerStatus'>> = {},
): Promise<MandateRow | undefined> {
  const [row] = await executor
    .update(autopayMandates)
    .set({ status: to, ...set, updatedAt: sql`now()` })
    .where(and(eq(autopayMandates.id, id), inArray(autopayMandates.status, from)))
    .returning();
  return row;
}

const isLive = (row: DebitRow): row is LiveDebitRow => row.status !== 'superseded';

/** The debit of one bill of an entry, or undefined when AutoPay has done nothing about it. */
export async function findDebitOfBill(
  executor: Executor,
  myBillId: string,
  billNumber: string,
): Promise<LiveDebitRow | undefined> {
  const rows = await executor
    .select()
    .from(autopayDebits)
    .where(and(eq(autopayDebits.myBillId, myBillId), eq(autopayDebits.billNumber, billNumber)));
  return rows.find(isLive);
}

export async function findDebit(executor: Executor, id: string): Promise<DebitRow | undefined> {
  const [row] = await executor.select().from(autopayDebits).where(eq(autopayDebits.id, id));
  return row;
}

export async function findDebitByGatewayOrder(
  executor: Executor,
  gatewayOrderId: string,
): Promise<DebitRow | undefined> {
  const [row] = await executor
    .select()
    .from(autopayDebits)
    .where(eq(autopayDebits.gatewayOrderId, gatewayOrderId));
  return row;
}

/** The debits of these entries' current bills. */
export async function listDebitsOfBills(
  executor: Executor,
  bills: { myBillId: string; billNumber: string }[],
): Promise<LiveDebitRow[]> {
  if (bills.length === 0) return [];
  const rows = await executor
    .select()
    .from(autopayDebits)
    .where(
      and(
        inArray(
          autopayDebits.myBillId,
          bills.map((bill) => bill.myBillId),
        ),
        inArray(
          autopayDebits.billNumber,
          bills.map((bill) => bill.billNumber),
        ),
      ),
    );
  const wanted = new Set(bills.map((bill) => `${bill.myBillId}\n${bill.billNumber}`));
  return rows.filter(isLive).filter((row) => wanted.has(`${row.myBillId}\n${row.billNumber}`));
}

/**
 * Claims a bill for AutoPay: true for the first caller only (one live row per entry and bill number),
 * so no bill is notified, mailed or debited twice by jobs that run twice.
 */
export async function claimBill(
  executor: Executor,
  row: Omit<typeof autopayDebits.$inferInsert, 'createdAt' | 'updatedAt'>,
): Promise<boolean> {
  const rows = await executor
    .insert(autopayDebits)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: autopayDebits.id });
  return rows.length > 0;
}

/** Moves a debit to `to` if it is in one of `from`; undefined when another caller moved it first. */
export async function moveDebit(
  executor: Executor,
  id: string,
  from: DebitStatus[],
  to: DebitStatus,
  set: Partial<Pick<DebitRow, 'debitAt' | 'gatewayOrderId' | 'orderId' | 'reason'>> = {},
): Promise<DebitRow | undefined> {
  const [row] = await executor
    .update(autopayDebits)
    .set({ status: to, ...set, updatedAt: sql`now()` })
    .where(and(eq(autopayDebits.id, id), inArray(autopayDebits.status, from)))
    .returning();
  return row;
}

/**
 * Gives up the claim of a debit that ended without a debit (decision 084: planned again on Resume):
 * marked `superseded`, kept with its reason, if it is still `not-debited` with that reason; true for
 * the one caller that moved it.
 */
export async function releaseDebit(executor: Executor, id: string, reason: string): Promise<boolean> {
  const rows = await executor
    .update(autopayDebits)
    .set({ status: 'superseded', updatedAt: sql`now()` })
    .where(
      and(
        eq(autopayDebits.id, id),
        eq(autopayDebits.status, 'not-debited'),
        eq(autopayDebits.reason, reason),
      ),
    )
    .returning({ id: autopayDebits.id });
  return rows.length > 0;
}
