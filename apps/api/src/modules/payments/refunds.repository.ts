/** The SQL of refunds: each a row of its order, settled once by a conditional update. */
import { and, asc, eq, inArray, ne, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refunds } from '../../db/schema/payments.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

export async function insertRefund(executor: Executor, row: NewRefund): Promise<RefundRow> {
  const [created] = await executor.insert(refunds).values(row).returning();
  if (!created) throw new Error('refund insert returned nothing');
  return created;
}

export async function listRefunds(executor: Executor, orderId: string): Promise<RefundRow[]> {
  return executor
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The refunds of a page of orders in one query (the history tells each order's money, decision 108). */
export async function listRefundsOfOrders(executor: Executor, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function findRefundByGatewayId(
  executor: Executor,
  gateway: string,
  gatewayRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .select()
    .from(refunds)
    .where(and(eq(refunds.gateway, gateway), eq(refunds.gatewayRefundId, gatewayRefundId)));
  return row;
}

/** Paise refunded or being refunded on an order (failed refunds do not count). */
export async function refundedPaise(executor: Executor, orderId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sum(refunds.amountPaise) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'FAILED')));
  return Number(row?.total ?? 0);
}

/** A pending refund's outcome; conditional on it still being PENDING. */
export async function settleRefund(
  executor: Executor,
  refundId: string,
  outcome: { status: 'COMPLETED' | 'FAILED'; gatewayRefundId?: string; failureReason?: string },
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .update(refunds)
    .set({
      status: outcome.status,
      gatewayRefundId: outcome.gatewayRefundId,
      failureReason: outcome.failureReason,
      completedAt: outcome.status === 'COMPLETED' ? new Date() : null,
      updatedAt: new Date(),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')))
    .returning();
  return row;
}

export async function setGatewayRefundId(executor: Executor, refundId: string, gatewayRefundId: string) {
  await executor
    .update(refunds)
    .set({ gatewayRefundId, updatedAt: new Date() })
    .where(eq(refunds.id, refundId));
}
