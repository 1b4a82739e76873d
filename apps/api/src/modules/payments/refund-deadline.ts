import { MERCHANT_REFUND_WINDOW_DAYS } from '@erti/contracts/constants';
import { endOfIndiaDay, indiaDayNumber } from '@erti/contracts/india-time';
import type { RefundRow } from './refunds.repository.ts';

/**
 * When a refund is due and what its lateness costs (docs/decisions/063-refund-deadlines.md).
 *
 * An automatic refund gives back a failed transaction: RBI's harmonised turnaround (card not present
 * and UPI to a merchant) is T+5, T being the day the customer paid (the order's creation), then
 * ₹100 for each day late until the money is back. Retries of the refund change none of it: every
 * attempt of one order has the same T. A merchant's refund of a paid bill is no failed transaction:
 * it is due within our terms' window from the day the merchant asked, and carries no compensation.
 *
 * Days are calendar days in India (RBI counts T+n in days): the deadline is the last instant of day
 * T+5 in IST, and any part of a day past it counts as a whole day late.
 */

/** RBI's turnaround for a failed card or UPI payment to a merchant: T+5 days. */
export const RBI_REFUND_DAYS = 5;
/** RBI's compensation for each day past the turnaround: ₹100. */
export const RBI_COMPENSATION_PAISE_PER_DAY = 10_000;

/** What of a refund its deadline depends on: who asked (reason), and when it was asked and ended. */
export type RefundDates = Pick<
  RefundRow,
  'reason' | 'status' | 'createdAt' | 'completedAt' | 'updatedAt' | 'deadlineAt'
>;

export interface RefundTerms {
  /** The last instant the money may reach the customer on time. */
  deadline: Date;
  /** IST days from the window's first day (T) to the day the refund ended, or to today while pending. */
  day: number;
  /** Ended after the deadline, or still pending past it. */
  late: boolean;
  daysLate: number;
  /** RBI compensation owed for this refund (only an automatic refund that did not fail carries it). */
  compensationPaise: number;
}

/** The IST days a refund's window opens and closes: T to T+5, or the merchant's request day to its window's end. */
function windowOf(paidAt: Date, refund: Pick<RefundDates, 'reason' | 'createdAt'>) {
  const auto = refund.reason === 'auto';
  const firstDay = indiaDayNumber(auto ? paidAt : refund.createdAt);
  return { firstDay, lastDay: firstDay + (auto ? RBI_REFUND_DAYS : MERCHANT_REFUND_WINDOW_DAYS) };
}

/**
 * The last instant a refund may reach the customer on time: written on the refund when it opens
 * (`deadlineAt`), which is what every later answer reads; computed here only for a refund not opened yet.
 */
export const refundDeadline = (paidAt: Date, refund: Pick<RefundDates, 'reason' | 'createdAt'>) =>
  endOfIndiaDay(windowOf(paidAt, refund).lastDay);

/**
 * A refund's deadline, age and compensation, from when the customer paid (the order's creation) and
 * the refund's own dates; `now` ages a refund still pending.
 */
export function refundTerms(paidAt: Date, refund: RefundDates, now: Date): RefundTerms {
  const { firstDay } = windowOf(paidAt, refund);
  const lastDay = indiaDayNumber(refund.deadlineAt);
  const end = refund.completedAt ?? (refund.status === 'FAILED' ? refund.updatedAt : now);
  const daysLate = Math.max(0, indiaDayNumber(end) - lastDay);
  // A failed attempt returned nothing: the compensation is counted on the attempt that follows it.
  const compensated = refund.reason === 'auto' && refund.status !== 'FAILED';
  return {
    deadline: refund.deadlineAt,
    day: indiaDayNumber(end) - firstDay,
    late: daysLate > 0,
    daysLate,
    compensationPaise: compensated ? daysLate * RBI_COMPENSATION_PAISE_PER_DAY : 0,
  };
}
