import { GATEWAY_NAMES, type Gateway, type MerchantRefund } from '@erti/contracts';
import { MERCHANT_REFUND_WINDOW_DAYS } from '@erti/contracts/constants';

/** The gateway as its brand writes it; '—' before an order reached one. */
export const gatewayName = (gateway: Gateway | null) => (gateway ? GATEWAY_NAMES[gateway] : '—');

export type Tone = 'green' | 'red' | 'amber' | 'blue';

export const toneClasses: Record<Tone, string> = {
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-amber-100 text-amber-900',
  blue: 'bg-blue-100 text-blue-900',
};

/** Transaction statuses (spec section 4): COMPLETED, FAILED, PENDING; others shown as they are. */
export function transactionTone(status: string): Tone {
  if (status === 'COMPLETED') return 'green';
  if (status === 'FAILED') return 'red';
  if (status === 'PENDING') return 'amber';
  // A charge held for a person (decision 062): someone must act.
  if (status === 'NEEDS_ATTENTION') return 'red';
  return 'blue';
}

/** Refund statuses (spec section 4): COMPLETED, PENDING (as the api sends them), anything else reads Failed. */
export function refundStatusView(status: string): { label: string; labelId?: string; tone: Tone } {
  if (status === 'COMPLETED') return { label: 'COMPLETED', tone: 'green' };
  if (status === 'PENDING') return { label: 'PENDING', tone: 'amber' };
  return { label: 'Failed', labelId: 'payments.status.failed', tone: 'red' };
}

/**
 * Where a refund stands against its deadline, in RBI's days (decision 063): T is the day the customer
 * paid (an automatic refund) or the merchant asked; 'T+2 of T+5' while it is open, the day it ended
 * once done; `late` when the deadline passed before the money went back.
 */
export function refundAge(refund: MerchantRefund): {
  id: string;
  values: Record<string, number>;
  late: boolean;
} {
  const late = refund.late;
  const values = { days: refund.ageDays, window: MERCHANT_REFUND_WINDOW_DAYS };
  if (refund.refundStatus === 'COMPLETED') return { id: 'merchant.refunds.doneOn', values, late };
  if (refund.refundStatus === 'PENDING') return { id: 'merchant.refunds.ageOf', values, late };
  return { id: 'merchant.refunds.failedOn', values, late };
}
