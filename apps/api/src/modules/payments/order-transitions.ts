import type { OrderStatus } from '@erti/contracts';
import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { assertTransition } from './order-state.ts';
import { type OrderChanges, type OrderRow, updateOrderStatus } from './payments.repository.ts';

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

export type OrderMailKind = 'success' | 'refunded';

/**
 * The durable follow-up of entering a status, written in the same transaction as the change: the
 * bill payment after PAID, a reconciliation job for every unsettled status, the e-mail of a final one.
 * Each job is keyed by the event that caused it, so it exists exactly once.
 */
export async function scheduleFollowUp(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'status'>,
  eventId: string,
): Promise<void> {
  const status = order.status as OrderStatus;
  if (status === 'PAID') {
    await enqueueJob(executor, PAY_BILL_JOB, { orderId: order.id }, { dedupeKey: `pay-bill:${order.id}` });
    return;
  }
  const delay = firstCheckAfterMs[status];
  if (delay !== undefined) {
    await enqueueJob(
      executor,
      RECONCILE_JOB,
      { orderId: order.id, status },
      {
        runAt: new Date(Date.now() + delay),
        dedupeKey: `reconcile:${eventId}`,
        maxAttempts: RECONCILE_MAX_ATTEMPTS,
      },
    );
    return;
  }
  const mail: OrderMailKind | undefined =
    status === 'SUCCESS' ? 'success' : status === 'REFUNDED' ? 'refunded' : undefined;
  if (mail)
    await enqueueJob(executor, ORDER_MAIL_JOB, { orderId: order.id, mail }, { dedupeKey: `mail:${eventId}` });
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
