import { and, desc, eq, getTableColumns, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { billFetches, savedBills } from '../../db/schema/bills.ts';
import { orders } from '../../db/schema/payments.ts';
import { builtOnce } from '../../db/statement.ts';

export type BillFetchRow = typeof billFetches.$inferSelect;
export type NewBillFetch = typeof billFetches.$inferInsert;
export type SavedBillRow = typeof savedBills.$inferSelect;
export type NewSavedBill = Omit<typeof savedBills.$inferInsert, 'createdAt' | 'updatedAt'>;

/** Who pays: the account's e-mail and phone, sent to the network as the customer's details. */
export async function findPayer(
  executor: Executor,
  userId: string,
): Promise<{ email: string | null; phone: string | null; language: string } | undefined> {
  const [row] = await executor
    .select({ email: users.email, phone: users.phone, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertBillFetch(executor: Executor, row: NewBillFetch): Promise<void> {
  await executor.insert(billFetches).values(row);
}

const billFetchStatement = builtOnce(
  (executor) =>
    executor
      .select()
      .from(billFetches)
      .where(
        and(
          eq(billFetches.userId, sql.placeholder('userId')),
          or(
            eq(billFetches.id, sql.placeholder('idOrRefId')),
            eq(billFetches.refId, sql.placeholder('idOrRefId')),
          ),
        ),
      )
      .orderBy(desc(billFetches.createdAt))
      .limit(1),
  getTableColumns(billFetches),
);

/** A stored fetch or validation of this user, by our id or by the network's refId (newest first). */
export async function findBillFetchRow(
  executor: Executor,
  idOrRefId: string,
  userId: string,
): Promise<BillFetchRow | undefined> {
  const [row] = await billFetchStatement(executor, { idOrRefId, userId });
  return row;
}

/** One saved bill per account of a biller: a new fetch replaces the bill shown for it. */
export async function upsertSavedBill(executor: Executor, row: NewSavedBill): Promise<void> {
  await executor
    .insert(savedBills)
    .values(row)
    .onConflictDoUpdate({
      target: [savedBills.userId, savedBills.billerId, savedBills.accountKey],
      set: {
        category: row.category,
        billerName: row.billerName,
        customerName: row.customerName,
        billNumber: row.billNumber,
        dueDate: row.dueDate,
        amountPaise: row.amountPaise,
        customerParams: row.customerParams,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * When each of the user's paid bills (biller and bill number) was last paid. A join, not a subquery
 * in the select list: drizzle writes the columns there without their table, so a correlated
 * subquery would compare the orders' own columns with themselves and match everyone's payments.
 */
const paymentsOf = (executor: Executor, userId: string) =>
  executor
    .select({
      billerId: orders.billerId,
      billNumber: orders.billNumber,
      paidAt: max(orders.completedAt).as('paid_at'),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'SUCCESS')))
    .groupBy(orders.billerId, orders.billNumber)
    .as('payments');

/** The user's saved bills of a category, newest first, each with when it was paid (null while unpaid). */
export async function listSavedBills(
  executor: Executor,
  userId: string,
  category: string,
): Promise<(SavedBillRow & { paidAt: Date | null })[]> {
  const payments = paymentsOf(executor, userId);
  return executor
    .select({ ...getTableColumns(savedBills), paidAt: payments.paidAt })
    .from(savedBills)
    .leftJoin(
      payments,
      and(eq(payments.billerId, savedBills.billerId), eq(payments.billNumber, savedBills.billNumber)),
    )
    .where(and(eq(savedBills.userId, userId), eq(savedBills.category, category)))
    .orderBy(desc(savedBills.updatedAt), desc(savedBills.id));
}

/** Deletes this user's saved bills with that number in the category; answers how many went. */
export async function deleteSavedBills(
  executor: Executor,
  query: { userId: string; category: string; billNumber: string },
): Promise<number> {
  const deleted = await executor
    .delete(savedBills)
    .where(
      and(
        eq(savedBills.userId, query.userId),
        eq(savedBills.category, query.category),
        eq(savedBills.billNumber, query.billNumber),
      ),
    )
    .returning({ id: savedBills.id });
  return deleted.length;
}

/** Deletes every saved bill of a user (account deletion: saved bills carry customer names). */
export async function deleteAllSavedBillsOfUser(executor: Executor, userId: string): Promise<void> {
  await executor.delete(savedBills).where(eq(savedBills.userId, userId));
}
