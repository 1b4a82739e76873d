import type { AutopayDebitOutcome } from '@erti/contracts';

/**
 * Why AutoPay did not pay a bill (decision 084): each outcome's message, which takes the day it was
 * decided as `{day}`.
 */
export const debitOutcomeIds: Record<AutopayDebitOutcome, string> = {
  skipped: 'my-bills.debitOutcome.skipped',
  'paid-by-hand': 'my-bills.debitOutcome.paidByHand',
  'above-cap': 'my-bills.debitOutcome.aboveCap',
  'above-rbi-limit': 'my-bills.debitOutcome.aboveRbiLimit',
  paused: 'my-bills.debitOutcome.paused',
  'mandate-cancelled': 'my-bills.debitOutcome.mandateCancelled',
  failed: 'my-bills.debitOutcome.failed',
  'bill-changed': 'my-bills.debitOutcome.billChanged',
};
