import { GATEWAY_NAMES, type OrderDetail } from '@erti/contracts';
import { BRAND } from '@erti/contracts/constants';
import { indiaDate } from '@erti/contracts/india-time';
import { ownParamName } from '@erti/contracts/param-names';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import type { Formats } from '../../../lib/format.ts';
import type { SiteWords } from '../../../lib/i18n/site-words.ts';
import type { ComplaintNavigationState } from '../../../lib/navigation-state.ts';
import { statusView } from './order-status.ts';
import { unusableCharge } from './outcome.ts';

export interface ReceiptLine {
  /** A message id, or a parameter's name as the customer reads it (the biller's own as sent). */
  label: string;
  /** The label is a parameter's name: shown as it is, not looked up. */
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

/**
 * The receipt's lines in the order NPCI's sample receipts give them (domain notes 3.6); the category
 * and a recharge's parameter names in the site's words. A recharge's plan is already a parameter (its
 * Id): no second line repeats it.
 */
export function receiptLines(order: OrderDetail, format: Formats, words: SiteWords): ReceiptLine[] {
  const channel = channelIds[order.channel];
  const planShown = order.customerParams.some((param) => ownParamName(param.name) === 'planId');
  const lines: Entry[] = [
    ['payments.receipt.approvalRef', order.approvalRefNum],
    ['payments.receipt.biller', order.billerName],
    ['payments.receipt.category', order.category && words.category(order.category)],
    ...order.customerParams.map(
      (param): Entry => [words.paramName(param.name), param.value, { asSent: true }],
    ),
    ['payments.receipt.billNumber', order.billNumber],
    ['payments.receipt.plan', planShown ? null : order.planId],
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
      transactionDate: indiaDate(new Date(order.createdAt)),
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
