import type { OrderDetail, OrderStatus } from '@erti/contracts';
import { messages } from '@erti/contracts/messages';
import { formatDate, formatPaise } from '../../../lib/format.ts';
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
  success: messages.payment.success,
  failure: messages.payment.failure,
  pending: messages.payment.pending,
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

/** One sentence on where the money is, for each state of the order. */
export function progressText(order: OrderDetail): string {
  const biller = order.billerName ?? 'The biller';
  const total = formatPaise(order.total);
  const refundBy = order.refunds.find((refund) => refund.status === 'PENDING')?.deadline;
  const refunds = refundsOf(order);
  switch (order.status) {
    case 'CREATED':
      return 'This payment was not completed. No money has been taken.';
    case 'PAYMENT_PENDING':
      return 'Your bank has not confirmed this payment yet. We keep checking; you need not pay again.';
    case 'NEEDS_ATTENTION':
      return 'We are checking this payment with the payment provider. Please do not pay again; if money was taken, we will e-mail you.';
    case 'PAID':
    case 'BILL_PENDING':
      return `We have received ${total} and are confirming it with ${biller} on Bharat Connect.`;
    case 'SUCCESS':
      return `${biller} has received your payment of ${total}.`;
    case 'PAYMENT_FAILED':
      return order.failureReason
        ? `Your payment did not go through: ${order.failureReason.replace(/\.$/, '')}.`
        : 'Your payment did not go through.';
    case 'REFUND_PENDING':
      if (refunds.billPaid) {
        const by = refundBy ? ` and will reach you by ${formatDate(refundBy)}` : '';
        return `${biller} has received your payment of ${total}. A refund of ${formatPaise(refunds.pending)} to your original payment method has been started${by}.`;
      }
      if (unusableCharge(order)) return unusableChargeText(order, total, refundBy);
      return failedBillText(biller, total, refundBy);
    case 'BILL_FAILED':
      return failedBillText(biller, total, refundBy);
    case 'REFUNDED':
      return refunds.partly
        ? `${formatPaise(refunds.refunded)} of your payment of ${total} has been refunded to your original payment method.`
        : `${total} has been refunded to your original payment method.`;
  }
}

/**
 * A charge that reached a payment already failed or closed (paid after the checkout was left, decision
 * 064) or of another amount: no biller ever saw it, so it is not the biller who refused it.
 */
export const unusableCharge = (order: Pick<OrderDetail, 'events'>) =>
  order.events.some((event) => event.fromStatus === 'PAYMENT_FAILED' && event.toStatus === 'REFUND_PENDING');

function unusableChargeText(order: OrderDetail, total: string, refundBy: string | undefined): string {
  const why = order.failureReason ? `${order.failureReason.replace(/\.$/, '')}. ` : '';
  const by = refundBy ? `, at the latest by ${formatDate(refundBy)}` : '';
  return `${why}No bill was paid with your payment of ${total}: its refund to your original payment method has been started; banks usually credit it within 2 days${by}.`;
}

/** The biller refused the payment: the whole charge comes back. */
function failedBillText(biller: string, total: string, refundBy: string | undefined): string {
  // The page also shows the spec's 'refunded within 2 days': the deadline (T+5) is only the outside limit.
  return refundBy
    ? `${biller} could not accept this payment. The refund of ${total} to your original payment method has been started; banks usually credit it within 2 days, at the latest by ${formatDate(refundBy)}.`
    : `${biller} could not accept this payment. We are refunding ${total} to your original payment method; banks usually credit it within 2 days.`;
}

/**
 * What the amount was for the user: only a taken charge is 'paid'; one returned whole is 'refunded'
 * (a payment refunded in part stays 'paid': the sentence above says how much came back).
 */
export function amountLabel(order: OrderDetail): string {
  if (order.status === 'REFUNDED' && refundsOf(order).partly) return 'Amount paid';
  switch (order.status) {
    case 'PAID':
    case 'BILL_PENDING':
    case 'SUCCESS':
    case 'BILL_FAILED':
    case 'REFUND_PENDING':
      return 'Amount paid';
    case 'REFUNDED':
      return 'Amount refunded';
    default:
      return 'Amount';
  }
}
