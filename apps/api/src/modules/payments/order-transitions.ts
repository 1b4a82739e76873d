import type { OrderStatus } from '@erti/contracts';
import type { Executor } from '../../db/client.ts';
import { type JobSpec, jobInsert, newJobRow } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { assertTransition } from './order-state.ts';
import {
  insertOrder,
  type OpenedOrder,
  type OrderChanges,
  type OrderRow,
  updateOrderStatus,
} from './payments.repository.ts';

export const RECONCILE_JOB = 'payments.reconcile';
export const PAY_BILL_JOB = 'payments.pay-bill';
export const ORDER_MAIL_JOB = 'payments.mail';

/** Reconciliation polls for days (a refund may take a week); the backoff keeps that cheap. */
const RECONCILE_MAX_ATTEMPTS = 5000;

/** When the first check of a state is due: give the customer (or the network) a moment first. */
const firstCheckAfterMs: Partial<Record<OrderStatus, number>> = {
  CREATED: 2 * 60_000,
  PAYMENT_PENDING: 60_000,
  // Watched for a charge that lands after we failed the payment (settlement.service.ts).
  PAYMENT_FAILED: 60_000,
  BILL_PENDING: 15_000,
  BILL_FAILED: 0,
  REFUND_PENDING: 5_000,
};

/** The customer's mail of a final status, or the support inbox's of a charge held for a person. */
export type OrderMailKind = 'success' | 'refunded' | 'held';

const mailOf: Partial<Record<OrderStatus, OrderMailKind>> = {
  SUCCESS: 'success',
  REFUNDED: 'refunded',
  NEEDS_ATTENTION: 'held',
};

/**
 * The durable follow-up of entering a status, written in the same transaction as the change: the
 * bill payment after PAID, a reconciliation job for every unsettled status, the e-mail of a final one
 * (and the support inbox's of a hold: NEEDS_ATTENTION gets no reconciliation, only a person moves it).
 * Each job is keyed by the event that caused it, so it exists exactly once.
 */
function followUpJob(order: Pick<OrderRow, 'id' | 'status'>, eventId: string): JobSpec | undefined {
  const status = order.status as OrderStatus;
  if (status === 'PAID')
    return { kind: PAY_BILL_JOB, payload: { orderId: order.id }, dedupeKey: `pay-bill:${order.id}` };
  const delay = firstCheckAfterMs[status];
  if (delay !== undefined)
    return {
      kind: RECONCILE_JOB,
      payload: { orderId: order.id, status },
      runAt: new Date(Date.now() + delay),
      dedupeKey: `reconcile:${eventId}`,
      maxAttempts: RECONCILE_MAX_ATTEMPTS,
    };
  const mail = mailOf[status];
  return mail && { kind: ORDER_MAIL_JOB, payload: { orderId: order.id, mail }, dedupeKey: `mail:${eventId}` };
}

export async function scheduleFollowUp(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'status'>,
  eventId: string,
): Promise<void> {
  const job = followUpJob(order, eventId);
  if (job) await jobInsert(executor, newJobRow(job));
}

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
