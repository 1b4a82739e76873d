/**
 * The SQL of bill holds: the lock that opens one bill's orders one at a time, and the orders that hold
 * bills against a second payment. The rule that uses them is `bill-holds.ts`.
 */
import type { OrderStatus } from '@erti/contracts';
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema/payments.ts';
import { builtOnce, builtOncePerShape } from '../../db/statement.ts';
import type { OrderRow } from './orders.repository.ts';

/** Serialises order creation for one bill across transactions (and api replicas). */
export async function lockBill(executor: Executor, billKey: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${billKey}, 0))`);
}

/** What the double-payment check needs of the order holding a bill. */
export type HoldingOrder = Pick<OrderRow, 'id' | 'userId' | 'status' | 'merchantOrderId'>;

/** What holds a bill against a new order: the order statuses in flight, since when, and a paid one too. */
export interface BillHolds {
  inFlight: readonly OrderStatus[];
  inFlightSince?: Date;
  paidToo: boolean;
}

/** The order holding a bill, and whether it is in flight (else it is paid). */
export interface BillHold {
  order: HoldingOrder;
  inFlight: boolean;
}

/** The newest order holding each bill, an order in flight first; one statement per kind of hold. */
const holdingOrdersStatement = builtOncePerShape(
  (holds: BillHolds) => `${holds.inFlight.join()} ${holds.inFlightSince ? 'since' : 'ever'} ${holds.paidToo}`,
  (holds) => {
    const inFlight = and(
      inArray(orders.status, [...holds.inFlight]),
      holds.inFlightSince ? gte(orders.createdAt, sql.placeholder('inFlightSince')) : undefined,
    );
    const selection = {
      billKey: orders.billKey,
      order: {
        id: orders.id,
        userId: orders.userId,
        status: orders.status,
        merchantOrderId: orders.merchantOrderId,
      },
      inFlight: sql<boolean>`(${inFlight})`.mapWith(Boolean),
    };
    return builtOnce(
      (executor) =>
        executor
          .selectDistinctOn([orders.billKey], selection)
          .from(orders)
          .where(
            and(
              sql`${orders.billKey} = any(${sql.placeholder('billKeys')}::text[])`,
              holds.paidToo ? or(inFlight, eq(orders.status, 'SUCCESS')) : inFlight,
            ),
          )
          .orderBy(orders.billKey, desc(selection.inFlight), desc(orders.createdAt)),
      selection,
    );
  },
);

/** The orders holding these bills (by bill key), in one query: bills no order holds are absent. */
export async function findHoldingOrders(
  executor: Executor,
  billKeys: readonly string[],
  holds: BillHolds,
): Promise<Map<string, BillHold>> {
  if (billKeys.length === 0) return new Map();
  const rows = await holdingOrdersStatement(executor, holds, {
    billKeys: [...new Set(billKeys)],
    inFlightSince: holds.inFlightSince?.toISOString(),
  });
  return new Map(
    rows.flatMap((row) => (row.billKey ? [[row.billKey, { order: row.order, inFlight: row.inFlight }]] : [])),
  );
}
