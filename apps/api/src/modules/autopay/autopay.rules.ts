import type { AutopayDebitOutcome } from '@erti/contracts';
import { atIndiaHour, indiaDate } from '@erti/contracts/india-time';
import type { MandateRefusal, MandateState } from '../../integrations/mandate-gateway.ts';
import { eMandateLimitPaise } from '../../integrations/mandate-gateway.ts';
import type { DebitRow, MandateRow, MandateStatus } from './autopay.repository.ts';

/**
 * The pure rules of AutoPay (decision 079): when a bill's debit falls, when its notice goes out,
 * whether it may be debited automatically at all, and what a gateway's mandate state means here.
 */

/** A debit falls at this hour, India time, on its day: early, so the bill is paid that day. */
export const DEBIT_HOUR_IST = 10;
/**
 * The notice goes out this long before the debit: RBI's 24 hours and an hour to spare, and well
 * inside PhonePe's 48 hours from notice to the last retry.
 */
const NOTICE_LEAD_MS = 25 * 3_600_000;

/**
 * The soonest a debit may follow a notice sent now: RBI's 24 hours, and a few minutes for the notice
 * job to run and for the gateway's clock (decision 084). A bill found too late for its AutoPay day
 * is debited this long after its notice, which goes out at once.
 */
export const EARLIEST_DEBIT_MS = 24 * 3_600_000 + 5 * 60_000;

/**
 * When the debit of a bill due on `dueDate` (YYYY-MM-DD, India) falls: `daysBefore` days before it at
 * DEBIT_HOUR_IST, or as soon as a notice sent now allows when that is sooner. Undefined for an
 * unreadable date.
 */
export function debitTimeOf(dueDate: string, daysBefore: number, now: Date): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  if (!match) return undefined;
  const due = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(due)) return undefined;
  const at = atIndiaHour(due, DEBIT_HOUR_IST, -daysBefore).getTime();
  return new Date(Math.max(at, now.getTime() + EARLIEST_DEBIT_MS));
}

/** Whether a debit at `debitAt` falls after the bill's due date (YYYY-MM-DD, India): the notice says so. */
export const debitAfterDueDate = (debitAt: Date, dueDate: string): boolean => indiaDate(debitAt) > dueDate;

/** Whether a bill's due date (India) has passed: an overdue bill is not planned again on Resume. */
export const overdue = (dueDate: string, now: Date): boolean => indiaDate(now) > dueDate;

/** When the notice of a debit at `debitAt` is sent (now, if that is already past). */
export const noticeTimeOf = (debitAt: Date, now: Date): Date =>
  new Date(Math.max(debitAt.getTime() - NOTICE_LEAD_MS, now.getTime()));

/** Why a bill is not debited automatically but mailed for the customer's approval, if it is not. */
export function approvalNeeded(
  amountPaise: number,
  capPaise: number,
  billerCategory: string,
): 'above-cap' | 'above-rbi-limit' | undefined {
  if (amountPaise > capPaise) return 'above-cap';
  if (amountPaise > eMandateLimitPaise(billerCategory)) return 'above-rbi-limit';
  return undefined;
}

/**
 * Our status for the gateway's word on a mandate. Ended at the gateway (revoked, cancelled, expired)
 * shows as cancelled; a mandate we paused stays paused while the gateway says it is active.
 */
export function mandateStatusOf(state: MandateState, ours: MandateStatus): MandateStatus {
  switch (state) {
    case 'PENDING':
      return ours === 'pending' ? 'pending' : ours;
    case 'ACTIVE':
      return ours === 'paused' ? 'paused' : 'on';
    case 'PAUSED':
      return 'paused';
    case 'FAILED':
      return ours === 'pending' ? 'failed' : 'cancelled';
    default:
      return 'cancelled';
  }
}

/** Why AutoPay stopped a debit before it began, in the customer's words (the debit's `reason`). */
export const stopReasons = {
  turnedOff: 'AutoPay was turned off for this bill.',
  paused: 'AutoPay was paused.',
  notOn: 'AutoPay is not on for this bill.',
  billGone: 'The biller no longer presents this bill.',
  billChanged: 'The bill changed since its notice.',
  paidHere: 'The bill was paid on Erti Pay.',
  payingHere: 'The bill is being paid on Erti Pay.',
} as const;

/** What the customer reads when a gateway's refusal ends a debit. */
export const refusalReasons: Record<MandateRefusal, string> = {
  MANDATE_NOT_ACTIVE: 'Your AutoPay mandate is no longer active at the payment provider.',
  ABOVE_MANDATE_LIMIT: 'The bill is above the most your mandate allows.',
  NOT_NOTIFIED: 'The payment provider could not send you the notice of this debit, so it was not made.',
  TOO_EARLY: 'The debit was attempted too early.',
  OUTSIDE_RETRY_WINDOW: 'The debit could not be retried in the hours allowed.',
  RETRIES_EXHAUSTED: 'The debit failed and may not be retried again.',
};

/** Why a debit failed when the bank declined it for good. */
export const BANK_DECLINED = 'Your bank declined the debit.';

/**
 * The catalogue key (`autopay.why.<key>`) of each reason AutoPay records, so that a mail says it in
 * the customer's language while the row keeps the words the My Bills answer reads (decision 115).
 */
const reasonKeys = new Map<string, string>([
  ...Object.entries(stopReasons).map(([key, reason]): [string, string] => [reason, key]),
  ...Object.entries(refusalReasons).map(([key, reason]): [string, string] => [reason, key]),
  [BANK_DECLINED, 'declined'],
]);

/** The catalogue key of a recorded reason; undefined for one AutoPay did not write (an approval's). */
export const reasonKeyOf = (reason: string | null): string | undefined =>
  reason === null ? undefined : reasonKeys.get(reason);

const notDebitedOutcomes: Record<string, AutopayDebitOutcome> = {
  [stopReasons.turnedOff]: 'mandate-cancelled',
  [stopReasons.notOn]: 'mandate-cancelled',
  [stopReasons.paused]: 'paused',
  [stopReasons.billGone]: 'bill-changed',
  [stopReasons.billChanged]: 'bill-changed',
  [stopReasons.paidHere]: 'paid-by-hand',
  [stopReasons.payingHere]: 'paid-by-hand',
};

/** Why a debit did not happen (decision 084), from what AutoPay recorded; null while it may, or once paid. */
export function debitOutcomeOf(
  debit: Pick<DebitRow, 'status' | 'reason' | 'amountPaise'>,
  mandate: Pick<MandateRow, 'capPaise'>,
): AutopayDebitOutcome | null {
  switch (debit.status) {
    case 'skipped':
      return 'skipped';
    case 'failed':
      return 'failed';
    case 'needs-approval':
      return debit.amountPaise > mandate.capPaise ? 'above-cap' : 'above-rbi-limit';
    case 'not-debited':
      return notDebitedOutcomes[debit.reason ?? ''] ?? 'bill-changed';
    default:
      return null;
  }
}
