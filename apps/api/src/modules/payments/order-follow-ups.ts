import type { OrderStatus } from '@erti/contracts';
import type { Executor } from '../../db/client.ts';
import { type JobSpec, jobInsert, newJobRow } from '../../jobs/job-queue.ts';
import type { OrderRow } from './orders.repository.ts';

/*
 * What entering a status sets in motion, durably: the job kinds of the payments module and the one
 * job each status schedules (order-moves.ts writes it with the move).
 */

export const RECONCILE_JOB = 'payments.reconcile';
export const PAY_BILL_JOB = 'payments.pay-bill';
export const ORDER_MAIL_JOB = 'payments.mail';

/** Reconciliation polls for days (a refund may take a week); the backoff keeps that cheap. */
const RECONCILE_MAX_ATTEMPTS = 5000;

/** When the first check of a state is due: give the customer (or the network) a moment first. */
const firstCheckAfterMs: Partial<Record<OrderStatus, number>> = {
  CREATED: 2 * 60_000,
  PAYMENT_PENDING: 60_000,
  // Watched for a charge that lands after we failed the payment (reconciliation.service.ts).
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
export function followUpJob(order: Pick<OrderRow, 'id' | 'status'>, eventId: string): JobSpec | undefined {
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
