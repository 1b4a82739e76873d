import type { OrderStatus } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isGatewayFailure } from '../../integrations/payment-gateway.ts';
import type { Job, JobOutcome } from '../../jobs/job-queue.ts';
import { type BillPaymentService, isNetworkOutcomeUnknown } from './bill-payment.service.ts';
import type { ChargeConfirmationService } from './charge-confirmation.service.ts';
import { moveOrder } from './order-moves.ts';
import { findOrder, type OrderRow } from './orders.repository.ts';
import type { RefundsService } from './refunds.service.ts';

/** An order still CREATED this long after it was made was never handed to the customer. */
export const CREATED_STALE_MS = 2 * 60_000;
/**
 * A failed payment is still asked about this long: its checkout may yet be paid (a second tab, a
 * retry on the gateway's page, a pending UPI payment that succeeds) with no post back to tell us.
 */
export const LATE_CHARGE_WATCH_MS = 2 * 3_600_000;

export interface ReconciliationDeps {
  db: Database;
  charges: ChargeConfirmationService;
  billPayment: BillPaymentService;
  refunds: RefundsService;
  logger: FastifyBaseLogger;
}

/** Transport failures of the outside world leave outcomes unknown; reconciliation asks again later. */
const isUnknownOutcome = (error: unknown) => isGatewayFailure(error) || isNetworkOutcomeUnknown(error);

const ageOf = (order: OrderRow, now = Date.now()) => now - order.createdAt.getTime();

/** A failed payment's watch for a late charge ends LATE_CHARGE_WATCH_MS after it failed (its last change). */
const lateChargeWatchOver = (order: OrderRow, now = Date.now()) =>
  order.status === 'PAYMENT_FAILED' && now - order.updatedAt.getTime() >= LATE_CHARGE_WATCH_MS;

/** How long a state has lasted decides how often it is checked: seconds at first, hours after a day. */
export function reconcileBackoffMs(order: OrderRow, now = Date.now()): number {
  const inState = now - order.updatedAt.getTime();
  if (inState < 2 * 60_000) return 5_000;
  if (inState < 15 * 60_000) return 30_000;
  if (inState < 2 * 3_600_000) return 2 * 60_000;
  if (inState < 86_400_000) return 15 * 60_000;
  return 3_600_000;
}

/**
 * The reconciliation job that keeps asking the gateway, the bill network and the refunds about every
 * unsettled order until it is final (or, for a failed payment, until its late-charge watch ends).
 */
export function createReconciliationService(deps: ReconciliationDeps) {
  const { db, logger, refunds, charges, billPayment } = deps;

  async function reconcileStep(order: OrderRow): Promise<void> {
    switch (order.status as OrderStatus) {
      case 'CREATED':
        if (ageOf(order) < CREATED_STALE_MS) return;
        await db.transaction((tx) =>
          moveOrder(tx, order, 'PAYMENT_FAILED', {
            source: 'reconcile',
            set: { failureReason: 'The payment could not be started' },
          }),
        );
        return;
      case 'PAYMENT_PENDING':
      case 'PAYMENT_FAILED':
        await charges.confirmCharge(order.id, 'reconcile');
        return;
      case 'BILL_PENDING':
        return billPayment.checkNetwork(order);
      case 'BILL_FAILED':
        await refunds.requestRefund(undefined, {
          orderId: order.id,
          note: `Automatic refund: ${order.failureReason ?? 'the biller could not accept this payment'}`,
          requestedBy: 'system',
          reason: 'auto',
        });
        return;
      case 'REFUND_PENDING':
        return refunds.progress(order);
      default:
        return;
    }
  }

  /**
   * The `payments.reconcile` job of one order in one status: moves it on if the outside world has
   * decided, else runs again later. A job whose order has already left that status is done.
   */
  async function reconcile(job: Job): Promise<JobOutcome> {
    const { orderId, status } = job.payload as { orderId: string; status: OrderStatus };
    const order = await findOrder(db, orderId);
    if (order?.status !== status) return undefined;
    try {
      await reconcileStep(order);
    } catch (error) {
      if (!isUnknownOutcome(error)) throw error;
      logger.warn({ err: error, orderId }, 'reconciliation could not reach an outside system');
    }
    const now = await findOrder(db, orderId);
    if (now?.status !== status || lateChargeWatchOver(now)) return undefined;
    return { retryAfterMs: reconcileBackoffMs(now) };
  }

  return { reconcile };
}
