import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderEvents, orders } from '../../db/schema/payments.ts';
import type { OrderEventRow } from '../payments/index.ts';
import type { OrderRow } from './merchant.repository.ts';

/** More held orders than this at once is an outage to fix at its cause, not a list to page through. */
const HELD_LIST_LIMIT = 500;

export interface HeldOrderRow {
  order: OrderRow;
  /** The event that held it (its newest entry into NEEDS_ATTENTION), with the gateway's answer. */
  hold: OrderEventRow;
}

/** Orders held for a person, each with the event that held it, the longest waiting first. */
export async function listHeldOrders(executor: Executor): Promise<HeldOrderRow[]> {
  const rows = await executor
    .selectDistinctOn([orders.id], { order: orders, hold: orderEvents })
    .from(orders)
    .innerJoin(
      orderEvents,
      and(eq(orderEvents.orderId, orders.id), eq(orderEvents.toStatus, 'NEEDS_ATTENTION')),
    )
    .where(eq(orders.status, 'NEEDS_ATTENTION'))
    .orderBy(orders.id, desc(orderEvents.sequence))
    .limit(HELD_LIST_LIMIT);
  return rows.sort((a, b) => a.hold.createdAt.getTime() - b.hold.createdAt.getTime());
}
