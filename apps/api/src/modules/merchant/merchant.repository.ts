import type { OrderStatus } from '@erti/contracts';
import { and, count, desc, eq, inArray, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { orderEvents, orders, refunds } from '../../db/schema/payments.ts';
import { newId } from '../../lib/ids.ts';

export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export interface PageWindow {
  offset: number;
  limit: number;
}

/** The audit event of a merchant's refund request: who (the source), why (the note), and its key. */
export const MERCHANT_REFUND_EVENT = 'merchant-refund-requested';

/** `column` starts with `prefix`, any case; `%`, `_` and `\` in the prefix match themselves. */
const startsWith = (column: PgColumn, prefix: string): SQL =>
  sql`${column} ilike ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`}`;

const orderIdMatches = (search: string) =>
  or(
    startsWith(orders.id, search),
    startsWith(orders.merchantOrderId, search),
    startsWith(orders.gatewayPaymentId, search),
  );

/** Paise refunded or being refunded per order (failed refunds do not count). */
const refundTotals = (executor: Executor) =>
  executor
    .select({ orderId: refunds.orderId, paise: sum(refunds.amountPaise).as('refunded_paise') })
    .from(refunds)
    .where(ne(refunds.status, 'FAILED'))
    .groupBy(refunds.orderId)
    .as('refund_totals');

export interface TransactionRow {
  order: OrderRow;
  refundedPaise: number;
}

/** Every gateway's orders, newest first, optionally by order id prefix and by statuses. */
export async function listTransactions(
  executor: Executor,
  filter: { search?: string; statuses?: readonly OrderStatus[] },
  window: PageWindow,
): Promise<{ rows: TransactionRow[]; total: number }> {
  const where = and(
    filter.search ? orderIdMatches(filter.search) : undefined,
    filter.statuses ? inArray(orders.status, [...filter.statuses]) : undefined,
  );
  const totals = refundTotals(executor);
  const rows = await executor
    .select({ order: orders, refundedPaise: sql<number>`coalesce(${totals.paise}, 0)`.mapWith(Number) })
    .from(orders)
    .leftJoin(totals, eq(totals.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset);
  const [counted] = await executor.select({ total: count() }).from(orders).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export interface RefundListRow {
  refund: RefundRow;
  merchantOrderId: string;
  /** When the customer paid (the order's creation): day T of an automatic refund's deadline. */
  paidAt: Date;
  paymentMode: string | null;
  requesterEmail: string | null;
}

/** Every refund (automatic and merchant), newest first, optionally by order or refund id prefix. */
export async function listRefundsWithOrders(
  executor: Executor,
  filter: { search?: string },
  window: PageWindow,
): Promise<{ rows: RefundListRow[]; total: number }> {
  const where = filter.search
    ? or(orderIdMatches(filter.search), startsWith(refunds.id, filter.search))
    : undefined;
  const rows = await executor
    .select({
      refund: refunds,
      merchantOrderId: orders.merchantOrderId,
      paidAt: orders.createdAt,
      paymentMode: orders.paymentMode,
      requesterEmail: users.email,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(where)
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(window.limit)
    .offset(window.offset);
  const [counted] = await executor
    .select({ total: count() })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The order by our id or the gateway's, locked for the rest of the transaction. */
export async function lockOrder(executor: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(or(eq(orders.id, id), eq(orders.merchantOrderId, id)))
    .for('update');
  return row;
}

export async function findRefund(executor: Executor, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await executor.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

export async function refundsOfOrder(executor: Executor, orderId: string): Promise<RefundRow[]> {
  return executor.select().from(refunds).where(eq(refunds.orderId, orderId));
}

/** The refund an earlier request with this idempotency key opened on the order, if any. */
export async function findRefundByIdempotencyKey(
  executor: Executor,
  orderId: string,
  idempotencyKey: string,
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .select({ refund: refunds })
    .from(orderEvents)
    .innerJoin(refunds, eq(refunds.id, sql`${orderEvents.detail}->>'refundId'`))
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        sql`${orderEvents.detail}->>'action' = ${MERCHANT_REFUND_EVENT}`,
        sql`${orderEvents.detail}->>'idempotencyKey' = ${idempotencyKey}`,
      ),
    );
  return row?.refund;
}

/** The audit trail of a merchant refund: an order event naming the merchant, the note and the key. */
export async function recordRefundRequest(
  executor: Executor,
  request: {
    orderId: string;
    merchantId: string;
    refundId: string;
    amountPaise: number;
    note: string;
    idempotencyKey?: string;
  },
): Promise<void> {
  await executor.insert(orderEvents).values({
    id: newId('evt'),
    orderId: request.orderId,
    fromStatus: null,
    toStatus: null,
    source: `merchant:${request.merchantId}`,
    detail: {
      action: MERCHANT_REFUND_EVENT,
      refundId: request.refundId,
      amountPaise: request.amountPaise,
      note: request.note,
      idempotencyKey: request.idempotencyKey ?? null,
    },
  });
}
