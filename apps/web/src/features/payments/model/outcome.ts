import type { OrderDetail } from '@erti/contracts';
import type { Formats } from '../../../lib/format.ts';
import type { Text } from '../../../lib/i18n/text.ts';
import type { PaymentStatusTone } from './payment-status-view.ts';

/** An outcome page reads as the status modal does: success, failure or pending. */
export type Outcome = PaymentStatusTone;

/**
 * The outcome page's heading follows the order once it is known: a charge whose bill payment failed
 * is refunded, which the user must read as a failed payment, never as a success; a paid bill refunded
 * in part by the merchant stays a success (decision 108).
 */
export function outcomeOf(order: Pick<OrderDetail, 'status' | 'money'>): Outcome {
  if (order.money?.state === 'partly-refunded') return 'success';
  switch (order.status) {
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
 * Whether an order's biller was paid before its refund (a merchant's, which may be part of the
 * payment) rather than refusing it (the whole charge comes back).
 */
function refundsOf(order: OrderDetail) {
  const billPaid = order.events.some((event) => event.toStatus === 'SUCCESS');
  return { billPaid, pending: paiseOf(order, 'PENDING') };
}

/**
 * The line under a failed payment's heading. The spec's "will be refunded within 2 days" wherever
 * money may have been taken (not known yet, or a refund on its way); where the gateway confirmed
 * nothing was taken, or the money is back, it says so instead (decision 108).
 */
export function failureLine(order: Pick<OrderDetail, 'money'> | undefined): string {
  switch (order?.money?.state) {
    case 'nothing-taken':
      return 'payments.outcome.nothingTaken';
    case 'refunded':
      return 'payments.outcome.refunded';
    default:
      return 'spec.payment.failureRefundText';
  }
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
      return failedText(order);
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
      return refundedText(order, format);
  }
}

/** A failed payment, and whether the gateway confirmed that nothing was taken. */
function failedText(order: OrderDetail): Text {
  const nothing = order.money?.state === 'nothing-taken';
  if (!order.failureReason)
    return { id: nothing ? 'payments.progress.failedNothingTaken' : 'payments.progress.failed' };
  const values = { reason: withoutStop(order.failureReason) };
  return {
    id: nothing ? 'payments.progress.failedBecauseNothingTaken' : 'payments.progress.failedBecause',
    values,
  };
}

/** The money back: all of it, or a part of what was paid (a merchant's partial refund), and the day. */
function refundedText(order: OrderDetail, format: Formats): Text {
  const { money } = order;
  const date = money.refundedAt ? format.date(money.refundedAt) : '';
  const refund = format.paise(money.refundedPaise);
  return money.state === 'partly-refunded'
    ? {
        id: 'payments.progress.refundedPartOn',
        values: { refund, total: format.paise(money.paidPaise), date },
      }
    : { id: 'payments.progress.refundedOn', values: { refund, date } };
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
  if (order.money?.state === 'partly-refunded') return 'payments.progress.amountPaid';
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
