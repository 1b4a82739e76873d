import type { OrderDetail, OrderStatus } from '@erti/contracts';
import type { Formats } from '../../../lib/format.ts';
import type { Text } from '../../../lib/i18n/text.ts';
import type { PaymentStatusTone } from './payment-status-view.ts';

/** An outcome page reads as the status modal does: success, failure or pending. */
export type Outcome = PaymentStatusTone;

/**
 * The outcome page's heading follows the order once it is known: a charge whose bill payment failed
 * is refunded, which the user must read as a failed payment, never as a success.
 */
export function outcomeOf(status: OrderStatus): Outcome {
  switch (status) {
    case 'SUCCESS':
    case 'PAID':
    case 'BILL_PENDING':
      return 'success';
    case 'CREATED':
    case 'PAYMENT_PENDING':
      return 'pending';
    default:
      return 'failure';
  }
}

export const outcomeTitle: Record<Outcome, string> = {
  success: 'spec.payment.success',
  failure: 'spec.payment.failure',
  pending: 'spec.payment.pending',
};

const paiseOf = (order: OrderDetail, status: 'COMPLETED' | 'PENDING') =>
  order.refunds.filter((refund) => refund.status === status).reduce((sum, refund) => sum + refund.amount, 0);

/**
 * What was refunded of an order, and whether its biller was paid first (a merchant's refund, which
 * may be part of the payment) rather than refusing it (the whole charge comes back).
 */
function refundsOf(order: OrderDetail) {
  const billPaid = order.events.some((event) => event.toStatus === 'SUCCESS');
  const refunded = paiseOf(order, 'COMPLETED');
  const partly = refunded > 0 && refunded < order.total;
  return { billPaid, refunded, pending: paiseOf(order, 'PENDING'), partly };
}

/** One sentence on where the money is, for each state of the order (money and dates in `format`). */
export function progressText(order: OrderDetail, format: Formats): Text {
  const total = format.paise(order.total);
  const refundBy = order.refunds.find((refund) => refund.status === 'PENDING')?.deadline;
  const by = refundBy ? format.date(refundBy) : undefined;
  const biller = { biller: order.billerName ?? '', known: order.billerName ? 'yes' : 'no' };
  const refunds = refundsOf(order);
  switch (order.status) {
    case 'CREATED':
      return { id: 'payments.progress.notCompleted' };
    case 'PAYMENT_PENDING':
      return { id: 'payments.progress.bankPending' };
    case 'NEEDS_ATTENTION':
      return { id: 'payments.progress.beingChecked' };
    case 'PAID':
    case 'BILL_PENDING':
      return { id: 'payments.progress.confirming', values: { ...biller, total } };
    case 'SUCCESS':
      return { id: 'payments.progress.success', values: { ...biller, total } };
    case 'PAYMENT_FAILED':
      return order.failureReason
        ? { id: 'payments.progress.failedBecause', values: { reason: withoutStop(order.failureReason) } }
        : { id: 'payments.progress.failed' };
    case 'REFUND_PENDING':
      if (refunds.billPaid) {
        const values = { ...biller, total, refund: format.paise(refunds.pending) };
        return by
          ? { id: 'payments.progress.partRefundBy', values: { ...values, by } }
          : { id: 'payments.progress.partRefund', values };
      }
      if (unusableCharge(order)) return unusableChargeText(order, total, by);
      return failedBillText(biller, total, by);
    case 'BILL_FAILED':
      return failedBillText(biller, total, by);
    case 'REFUNDED':
      return refunds.partly
        ? { id: 'payments.progress.refundedPart', values: { refund: format.paise(refunds.refunded), total } }
        : { id: 'payments.progress.refunded', values: { total } };
  }
}

const withoutStop = (reason: string) => reason.replace(/\.$/, '');

/**
 * A charge that reached a payment already failed or closed (paid after the checkout was left, decision
 * 064) or of another amount: no biller ever saw it, so it is not the biller who refused it.
 */
export const unusableCharge = (order: Pick<OrderDetail, 'events'>) =>
  order.events.some((event) => event.fromStatus === 'PAYMENT_FAILED' && event.toStatus === 'REFUND_PENDING');

function unusableChargeText(order: OrderDetail, total: string, by: string | undefined): Text {
  // The gateway's reason stays as it was sent, before the sentence in the site's language.
  const why = order.failureReason ? `${withoutStop(order.failureReason)}. ` : '';
  return by
    ? { id: 'payments.progress.unusableChargeBy', values: { why, total, by } }
    : { id: 'payments.progress.unusableCharge', values: { why, total } };
}

/** The biller refused the payment: the whole charge comes back. */
function failedBillText(biller: Record<string, string>, total: string, by: string | undefined): Text {
  // The page also shows the spec's 'refunded within 2 days': the deadline (T+5) is only the outside limit.
  return by
    ? { id: 'payments.progress.billFailedBy', values: { ...biller, total, by } }
    : { id: 'payments.progress.billFailed', values: { ...biller, total } };
}

/**
 * What the amount was for the user: only a taken charge is 'paid'; one returned whole is 'refunded'
 * (a payment refunded in part stays 'paid': the sentence above says how much came back).
 */
export function amountLabel(order: OrderDetail): string {
  if (order.status === 'REFUNDED' && refundsOf(order).partly) return 'payments.progress.amountPaid';
  switch (order.status) {
    case 'PAID':
    case 'BILL_PENDING':
    case 'SUCCESS':
    case 'BILL_FAILED':
    case 'REFUND_PENDING':
      return 'payments.progress.amountPaid';
    case 'REFUNDED':
      return 'payments.progress.amountRefunded';
    default:
      return 'payments.progress.amount';
  }
}
