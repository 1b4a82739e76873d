import {
  type Gateway,
  INITIATING_CHANNEL,
  type OrderDetail,
  type OrderKind,
  type OrderMoney,
  type OrderStatus,
  type OrderSummary,
  type PaymentStatusResponse,
} from '@erti/contracts';
import { formatPaise, rupeesFromPaise } from '@erti/contracts/rupees';
import { formatIstDateTime } from '@erti/contracts/text';
import { paymentStatusOf } from './order-state.ts';
import type { OrderEventRow, OrderRow } from './orders.repository.ts';
import { refundDeadline } from './refund-deadline.ts';
import type { RefundRow } from './refunds.repository.ts';

/** ₹1,234.50 from paise; a RangeError for anything but whole paise. */
export const formatRupees = (paise: number) => formatPaise(paise);

const istDateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' });

/** A day in India, as a refund's deadline is told: '27 Nov 2025'. */
export const formatIstDate = (at: Date) => istDateFormat.format(at);

/**
 * What the customer pays: the bill amount plus the convenience fee. The one sum of the two, for every
 * surface and every gateway call (the web reads it as `total` and never adds the parts itself).
 */
export const orderTotal = (order: Pick<OrderRow, 'amountPaise' | 'convenienceFeePaise'>) =>
  order.amountPaise + order.convenienceFeePaise;

/**
 * The transaction's time, the one every surface shows (decision 063): when the customer paid, the
 * order's creation. Not when the network confirmed the bill, which comes later or never (a failed
 * bill): that time would move, and disagree with the bank statement and with day T of a refund.
 */
export const transactionTime = (order: Pick<OrderRow, 'createdAt'>) => order.createdAt;

const sumOf = (refunds: readonly RefundRow[], status: RefundRow['status']) =>
  refunds.filter((refund) => refund.status === status).reduce((sum, refund) => sum + refund.amountPaise, 0);

/** Statuses where the gateway has not said (or we cannot read) whether it took the money. */
const unconfirmedStatuses: readonly OrderStatus[] = ['CREATED', 'PAYMENT_PENDING', 'NEEDS_ATTENTION'];

/** The deadline the customer was told for the money on its way back (decision 063). */
function refundDeadlineOf(order: OrderRow, refunds: readonly RefundRow[]): Date {
  const open = refunds.find((refund) => refund.status === 'PENDING') ?? refunds.at(-1);
  if (open) return open.deadlineAt;
  // No refund opened yet (a refused bill before its refund job ran): an automatic one is due T+5.
  return refundDeadline(order.createdAt, { reason: 'auto', createdAt: order.createdAt });
}

/**
 * Where the customer's money is (decision 108): the one answer every surface tells (history, receipt,
 * PDF, mails, outcome pages, the status modal). From the order and its refunds, never from the status
 * alone: REFUNDED also ends a merchant's partial refund, and SUCCESS may follow a completed part.
 */
export function moneyOf(order: OrderRow, refunds: readonly RefundRow[]): OrderMoney {
  const status = order.status as OrderStatus;
  const refundedPaise = sumOf(refunds, 'COMPLETED');
  const pendingPaise = sumOf(refunds, 'PENDING');
  const paidPaise = order.capturedPaise ?? orderTotal(order);
  const money = { paidPaise, refundedPaise, refundingPaise: 0, refundDeadline: null, refundedAt: null };
  if (unconfirmedStatuses.includes(status)) return { ...money, state: 'pending' };
  // Every way into PAYMENT_FAILED asked the gateway first (or never reached it); a charge it took
  // after all is recorded as captured and refunded.
  if (status === 'PAYMENT_FAILED' && !order.capturedPaise)
    return { ...money, paidPaise: 0, state: 'nothing-taken' };
  const refunding =
    pendingPaise > 0 ||
    status === 'BILL_FAILED' ||
    status === 'REFUND_PENDING' ||
    status === 'PAYMENT_FAILED';
  if (refunding)
    return {
      ...money,
      state: 'refund-started',
      refundingPaise: pendingPaise || paidPaise - refundedPaise,
      refundDeadline: refundDeadlineOf(order, refunds).toISOString(),
    };
  if (refundedPaise === 0) return { ...money, state: 'charged' };
  const lastRefund = Math.max(
    ...refunds.map((refund) =>
      refund.status === 'COMPLETED' ? (refund.completedAt ?? refund.updatedAt).getTime() : 0,
    ),
  );
  return {
    ...money,
    state: refundedPaise >= paidPaise ? 'refunded' : 'partly-refunded',
    refundedAt: new Date(lastRefund).toISOString(),
  };
}

export function toOrderSummary(order: OrderRow, refunds: readonly RefundRow[]): OrderSummary {
  return {
    orderId: order.id,
    merchantOrderId: order.merchantOrderId,
    kind: order.kind as OrderKind,
    status: order.status as OrderStatus,
    gateway: (order.gateway as Gateway | null) ?? null,
    amount: order.amountPaise,
    convenienceFee: order.convenienceFeePaise,
    total: orderTotal(order),
    billerId: order.billerId,
    billerName: order.billerName,
    category: order.category,
    customerParams: order.customerParams,
    billNumber: order.billNumber,
    planId: order.planId,
    txnReferenceId: order.txnReferenceId,
    approvalRefNum: order.approvalRefNum,
    paymentMode: order.paymentMode,
    transactionId: order.gatewayPaymentId,
    channel: INITIATING_CHANNEL,
    failureReason: order.failureReason,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    money: moneyOf(order, refunds),
  };
}

export function toOrderDetail(order: OrderRow, events: OrderEventRow[], refunds: RefundRow[]): OrderDetail {
  return {
    ...toOrderSummary(order, refunds),
    events: events
      .filter((event) => event.toStatus !== null)
      .map((event) => ({
        fromStatus: (event.fromStatus as OrderStatus | null) ?? null,
        toStatus: event.toStatus as OrderStatus,
        source: event.source.split(':')[0] ?? event.source,
        at: event.createdAt.toISOString(),
      })),
    refunds: refunds.map((refund) => ({
      refundId: refund.id,
      amount: refund.amountPaise,
      status: refund.status,
      reason: refund.reason,
      note: refund.note,
      createdAt: refund.createdAt.toISOString(),
      deadline: refund.deadlineAt.toISOString(),
    })),
  };
}

/**
 * A charge no biller ever saw: taken after its payment was closed (decision 064) or of another amount.
 * Its refund is ours, not the biller's refusal.
 */
export const isUnusableCharge = (events: readonly Pick<OrderEventRow, 'fromStatus' | 'toStatus'>[]) =>
  events.some((event) => event.fromStatus === 'PAYMENT_FAILED' && event.toStatus === 'REFUND_PENDING');

/** What the status modal tells the user about an order, in plain words; `events` tell a refund's cause. */
export function statusMessage(order: OrderRow, refunds: RefundRow[], events: OrderEventRow[]): string {
  const takenPaise = order.capturedPaise ?? orderTotal(order);
  const total = formatRupees(takenPaise);
  const pending = refunds.find((refund) => refund.status === 'PENDING');
  const by = pending ? ` and will reach you by ${formatIstDate(pending.deadlineAt)}` : '';
  // The network confirmed the bill: a refund now is a merchant's, possibly of a part.
  const billPaid = order.completedAt !== null;
  const refunded = sumOf(refunds, 'COMPLETED');
  const complete =
    order.kind === 'test'
      ? 'Your test payment is complete.'
      : `Your payment is complete and ${order.billerName ?? 'the biller'} has been paid.`;
  switch (order.status as OrderStatus) {
    case 'SUCCESS':
      return complete;
    case 'CREATED':
    case 'PAYMENT_PENDING':
      return 'We are waiting for the payment provider to confirm your payment.';
    case 'PAID':
    case 'BILL_PENDING':
      return `Payment received. We are paying ${order.billerName ?? 'the biller'}; this usually takes a minute.`;
    case 'PAYMENT_FAILED':
      return order.capturedPaise
        ? `Your payment did not go through. ${total} was taken and will be refunded automatically.`
        : 'Your payment did not go through. The payment provider confirmed that no money was taken.';
    case 'NEEDS_ATTENTION':
      return 'We are checking this payment with the payment provider. Please do not pay this bill again until this page shows the outcome; if money was taken, we will e-mail you.';
    case 'BILL_FAILED':
    case 'REFUND_PENDING':
      if (billPaid) {
        const part = formatRupees(sumOf(refunds, 'PENDING'));
        return `${complete} A refund of ${part} of your payment of ${total} is in progress${by}.`;
      }
      if (isUnusableCharge(events))
        return `No bill was paid with your payment of ${total}. Its refund is in progress${by}.`;
      return `${order.billerName ?? 'The biller'} could not accept this payment. Your refund of ${total} is in progress${by}.`;
    case 'REFUNDED':
      return refunded > 0 && refunded < takenPaise
        ? `${formatRupees(refunded)} of your payment of ${total} has been refunded to your original payment method.`
        : `Your payment of ${total} has been refunded to your original payment method.`;
  }
}

/** The spec's payment status response: `status` drives the modal; every field is shown. */
export function toPaymentStatusResponse(
  order: OrderRow,
  refunds: RefundRow[],
  events: OrderEventRow[],
): PaymentStatusResponse {
  const money = moneyOf(order, refunds);
  return {
    // A bill paid and then refunded in part was paid: the modal says so, not 'Payment Failed' (decision 111).
    status: money.state === 'partly-refunded' ? 'COMPLETED' : paymentStatusOf(order.status as OrderStatus),
    merchantOrderId: order.merchantOrderId,
    orderId: order.id,
    billAmount: rupeesFromPaise(order.amountPaise),
    convenienceFee: rupeesFromPaise(order.convenienceFeePaise),
    amount: rupeesFromPaise(orderTotal(order)),
    paymentMode: order.paymentMode,
    transactionId: order.gatewayPaymentId,
    billerName: order.billerName,
    txnReferenceId: order.txnReferenceId,
    approvalRefNum: order.approvalRefNum,
    transactionTime: formatIstDateTime(transactionTime(order)),
    orderStatus: order.status as OrderStatus,
    message: statusMessage(order, refunds, events),
    money,
  };
}
