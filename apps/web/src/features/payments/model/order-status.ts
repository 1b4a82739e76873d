import type { OrderStatus, OrderSummary } from '@erti/contracts';

export type StatusTone = 'success' | 'pending' | 'refund' | 'failure';

interface StatusView {
  /** The message id of the state's word. */
  label: string;
  tone: StatusTone;
}

/**
 * What each order state means to the user. The ledger has ten states; users need seven distinct
 * words, and a charge awaiting the biller is never called a failure.
 */
const views: Record<OrderStatus, StatusView> = {
  CREATED: { label: 'payments.status.paymentPending', tone: 'pending' },
  PAYMENT_PENDING: { label: 'payments.status.paymentPending', tone: 'pending' },
  PAID: { label: 'payments.status.payingBiller', tone: 'pending' },
  BILL_PENDING: { label: 'payments.status.payingBiller', tone: 'pending' },
  SUCCESS: { label: 'payments.status.successful', tone: 'success' },
  BILL_FAILED: { label: 'payments.status.refundInProgress', tone: 'refund' },
  REFUND_PENDING: { label: 'payments.status.refundInProgress', tone: 'refund' },
  REFUNDED: { label: 'payments.status.refunded', tone: 'refund' },
  PAYMENT_FAILED: { label: 'payments.status.failed', tone: 'failure' },
  // A person checks the charge with the gateway; the customer is not told more than that (decision 062).
  NEEDS_ATTENTION: { label: 'payments.status.beingChecked', tone: 'pending' },
};

/**
 * An order's word: its state's, but a partial refund is told as such (decision 108). REFUNDED also
 * ends a merchant's refund of a part; `money` says which.
 */
export function statusView(order: Pick<OrderSummary, 'status' | 'money'>): StatusView {
  if (order.money?.state === 'partly-refunded')
    return { label: 'payments.status.partlyRefunded', tone: 'refund' };
  return views[order.status];
}

const MOVING: ReadonlySet<OrderStatus> = new Set([
  'PAYMENT_PENDING',
  'PAID',
  'BILL_PENDING',
  'BILL_FAILED',
  'REFUND_PENDING',
]);

/**
 * True while the order will still move on its own (gateway, biller or refund answer awaited).
 * Final orders and never-paid CREATED ones will not.
 */
export const isMoving = (status: OrderStatus): boolean => MOVING.has(status);

export const toneClasses: Record<StatusTone, string> = {
  success: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  refund: 'bg-sky-100 text-sky-900',
  failure: 'bg-red-100 text-red-800',
};
