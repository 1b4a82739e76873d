import type { OrderStatus } from '@erti/contracts';
import type { Executor } from '../../db/client.ts';
import { newJobRow } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { followUpJob, scheduleFollowUp } from './order-follow-ups.ts';
import { assertTransition } from './order-state.ts';
import {
  insertOrder,
  type OpenedOrder,
  type OrderChanges,
  type OrderRow,
  updateOrderStatus,
} from './orders.repository.ts';

/*
 * Moving an order through the state machine: opening it in its first status and every later move,
 * each with its event and, in the same transaction, the follow-up of the status it enters.
 */

/**
 * Opens an order in the last status of `trail`, with an event for each status it went through on
 * the way in (an order handed off in the same transaction still shows CREATED first) and the
 * follow-up of where it ends; all in one statement.
 */
export async function openOrderRecord(
  executor: Executor,
  row: OpenedOrder & { status: OrderStatus },
  trail: readonly OrderStatus[] = [row.status],
): Promise<OrderRow> {
  if (trail.at(-1) !== row.status) throw new Error(`an order's trail must end in its status ${row.status}`);
  for (const [index, to] of trail.slice(1).entries()) assertTransition(trail[index] as OrderStatus, to);
  const events = trail.map((toStatus, index) => ({
    id: newId('evt'),
    orderId: row.id,
    fromStatus: index === 0 ? null : (trail[index - 1] as OrderStatus),
    toStatus,
    source: 'api',
  }));
  const lastEvent = events.at(-1) as { id: string };
  const job = followUpJob(row, lastEvent.id);
  return insertOrder(executor, row, events, job && newJobRow(job));
}

/**
 * Moves an order from its current status to `to`, if the state machine allows it and nobody moved
 * it first (a conditional update); records the event and schedules what follows. Answers the moved
 * order, or undefined when the order was no longer in `order.status`.
 */
export async function moveOrder(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'status'>,
  to: OrderStatus,
  change: { source: string; set?: OrderChanges; detail?: Record<string, unknown> },
): Promise<OrderRow | undefined> {
  const from = order.status as OrderStatus;
  assertTransition(from, to);
  const moved = await updateOrderStatus(executor, {
    orderId: order.id,
    from,
    to,
    set: change.set,
    source: change.source,
    detail: change.detail,
  });
  if (!moved) return undefined;
  await scheduleFollowUp(executor, moved.order, moved.eventId);
  return moved.order;
}
