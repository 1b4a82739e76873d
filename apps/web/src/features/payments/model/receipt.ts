import { GATEWAY_NAMES, type OrderDetail } from '@erti/contracts';
import { BRAND } from '@erti/contracts/constants';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import { formatDateTime, formatPaise, indianDate } from '../../../lib/format.ts';
import type { ComplaintNavigationState } from '../../../lib/payment-state.ts';
import { statusView } from './order-status.ts';
import { unusableCharge } from './outcome.ts';

export interface ReceiptLine {
  label: string;
  value: string;
}

const channelNames: Record<string, string> = { INT: 'Internet (INT)', MOB: 'Mobile app (MOB)' };

/** The receipt's lines in the order NPCI's sample receipts give them (domain notes 3.6). */
export function receiptLines(order: OrderDetail): ReceiptLine[] {
  const lines: [string, string | null][] = [
    ['Approval ref no.', order.approvalRefNum],
    ['Biller', order.billerName],
    ['Category', order.category],
    ...order.customerParams.map((param): [string, string] => [param.name, param.value]),
    ['Bill number', order.billNumber],
    ['Plan', order.planId],
    ['Bill amount', formatPaise(order.amount)],
    ['Convenience fee (CCF)', formatPaise(order.convenienceFee)],
    ['Total', formatPaise(order.total)],
    ['Payment mode', order.paymentMode ?? (order.gateway && GATEWAY_NAMES[order.gateway])],
    ['Payment channel', channelNames[order.channel] ?? order.channel],
    ['Date and time', formatDateTime(order.createdAt)],
    ['Status', statusView(order.status).label],
    ['Order ID', order.orderId],
    ['Gateway payment ID', order.transactionId],
  ];
  return lines.flatMap(([label, value]) => (value ? [{ label, value }] : []));
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
export function receiptStanding(order: Pick<OrderDetail, 'status' | 'events'>): string {
  switch (order.status) {
    case 'SUCCESS':
      return 'Paid through Bharat Connect · protected under Bharat Connect';
    case 'CREATED':
      return 'This payment was not completed.';
    case 'PAYMENT_PENDING':
      return 'This payment is waiting for confirmation from your bank.';
    case 'NEEDS_ATTENTION':
      return 'We are checking this payment with the payment provider.';
    case 'PAID':
    case 'BILL_PENDING':
      return 'Payment received · waiting for the biller to confirm on Bharat Connect';
    case 'PAYMENT_FAILED':
      return 'This payment failed.';
    case 'BILL_FAILED':
    case 'REFUND_PENDING':
      return unusableCharge(order)
        ? 'No bill was paid with this payment · refund in progress'
        : 'The biller could not accept this payment · refund in progress';
    case 'REFUNDED':
      return 'This payment has been refunded to your original payment method.';
  }
}
