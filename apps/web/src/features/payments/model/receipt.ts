import { GATEWAY_NAMES, type OrderDetail } from '@erti/contracts';
import { BRAND } from '@erti/contracts/constants';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import { type Formats, indianDate } from '../../../lib/format.ts';
import type { ComplaintNavigationState } from '../../../lib/payment-state.ts';
import { statusView } from './order-status.ts';
import { unusableCharge } from './outcome.ts';

export interface ReceiptLine {
  /** A message id, or the name a biller gave its parameter (shown as sent). */
  label: string;
  /** The label is the biller's own: shown as sent, not looked up. */
  asSent?: boolean;
  /** Shown as it is, or (`valueId`) a message id. */
  value: string;
  valueId?: boolean;
}

const channelIds: Record<string, string> = {
  INT: 'payments.receipt.channelInternet',
  MOB: 'payments.receipt.channelMobile',
};

type Entry = [
  label: string,
  value: string | null | undefined,
  shown?: Pick<ReceiptLine, 'asSent' | 'valueId'>,
];

/** The receipt's lines in the order NPCI's sample receipts give them (domain notes 3.6). */
export function receiptLines(order: OrderDetail, format: Formats): ReceiptLine[] {
  const channel = channelIds[order.channel];
  const lines: Entry[] = [
    ['payments.receipt.approvalRef', order.approvalRefNum],
    ['payments.receipt.biller', order.billerName],
    ['payments.receipt.category', order.category],
    ...order.customerParams.map((param): Entry => [param.name, param.value, { asSent: true }]),
    ['payments.receipt.billNumber', order.billNumber],
    ['payments.receipt.plan', order.planId],
    ['payments.receipt.billAmount', format.paise(order.amount)],
    ['payments.receipt.convenienceFee', format.paise(order.convenienceFee)],
    ['payments.receipt.total', format.paise(order.total)],
    ['payments.receipt.paymentMode', order.paymentMode ?? (order.gateway && GATEWAY_NAMES[order.gateway])],
    ['payments.receipt.channel', channel ?? order.channel, { valueId: Boolean(channel) }],
    ['payments.receipt.dateTime', format.dateTime(order.createdAt)],
    ['payments.receipt.status', statusView(order).label, { valueId: true }],
    ['payments.receipt.orderId', order.orderId],
    ['payments.receipt.gatewayPaymentId', order.transactionId],
  ];
  return lines.flatMap(([label, value, shown]) => (value ? [{ label, value, ...shown }] : []));
}

/** A complaint about this payment starts pre-filled from the receipt. */
export function complaintState(order: OrderDetail): ComplaintNavigationState {
  return {
    selectedTab: 'raise',
    prefill: {
      txnReferenceId: order.txnReferenceId ?? undefined,
      // Rupees actually debited (bill amount plus fee): what the user matches with the bank statement.
      transactionAmount: rupeesFromPaise(order.total),
      transactionDate: indianDate(order.createdAt),
      initiatedVia: BRAND,
    },
  };
}

/** The receipt's line under its title follows the order: only a SUCCESS order was paid through Bharat Connect. */
export function receiptStanding(order: Pick<OrderDetail, 'status' | 'events' | 'money'>): string {
  if (order.money?.state === 'partly-refunded') return 'payments.standing.partlyRefunded';
  switch (order.status) {
    case 'SUCCESS':
      return 'payments.standing.success';
    case 'CREATED':
      return 'payments.standing.notCompleted';
    case 'PAYMENT_PENDING':
      return 'payments.standing.bankPending';
    case 'NEEDS_ATTENTION':
      return 'payments.standing.beingChecked';
    case 'PAID':
    case 'BILL_PENDING':
      return 'payments.standing.billerPending';
    case 'PAYMENT_FAILED':
      return order.money?.state === 'nothing-taken'
        ? 'payments.standing.nothingTaken'
        : 'payments.standing.failed';
    case 'BILL_FAILED':
    case 'REFUND_PENDING':
      return unusableCharge(order) ? 'payments.standing.unusableCharge' : 'payments.standing.billFailed';
    case 'REFUNDED':
      return 'payments.standing.refunded';
  }
}
