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

/** One sentence on where the money is, for each state of the order. */
export function progressText(order: OrderDetail): string {
  const biller = order.billerName ?? 'The biller';
  const total = formatPaise(order.total);
  const refundBy = order.refunds.find((refund) => refund.status !== 'FAILED')?.deadline;
  switch (order.status) {
    case 'CREATED':
      return 'This payment was not completed. No money has been taken.';
    case 'PAYMENT_PENDING':
      return 'Your bank has not confirmed this payment yet. We keep checking; you need not pay again.';
    case 'PAID':
    case 'BILL_PENDING':
      return `We have received ${total} and are confirming it with ${biller} on Bharat Connect.`;
    case 'SUCCESS':
      return `${biller} has received your payment of ${total}.`;
    case 'PAYMENT_FAILED':
      return order.failureReason
        ? `Your payment did not go through: ${order.failureReason.replace(/\.$/, '')}.`
        : 'Your payment did not go through.';
    case 'BILL_FAILED':
    case 'REFUND_PENDING':
      // The page also shows the spec's 'refunded within 2 days': the deadline (T+5) is only the outside limit.
      return refundBy
        ? `${biller} could not accept this payment. The refund of ${total} to your original payment method has been started; banks usually credit it within 2 days, at the latest by ${formatDate(refundBy)}.`
        : `${biller} could not accept this payment. We are refunding ${total} to your original payment method; banks usually credit it within 2 days.`;
    case 'REFUNDED':
      return `${total} has been refunded to your original payment method.`;
  }
}

/** What the amount was for the user: only a taken charge is 'paid'; a returned one is 'refunded'. */
export function amountLabel(status: OrderStatus): string {
  switch (status) {
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
