import type { AutopayDebitOutcome } from '@erti/contracts';
import { formatDate } from '../../lib/format.ts';

/**
 * Why AutoPay did not pay a bill, in the customer's words, with the day it was decided (decision
 * 084). Kept in one place so that the translations can take them over whole.
 */
const outcomeSentences: Record<AutopayDebitOutcome, (day: string) => string> = {
  skipped: (day) => `Not debited: you skipped this debit on ${day}.`,
  'paid-by-hand': (day) => `Not debited: you paid this bill yourself (${day}).`,
  'above-cap': (day) => `Not debited: the bill is above your AutoPay cap and needs your approval (${day}).`,
  'above-rbi-limit': (day) =>
    `Not debited: the bill is above the amount RBI allows AutoPay to pay without your extra authentication; please pay it yourself (${day}).`,
  paused: (day) => `Not debited: AutoPay was paused when this debit was due (${day}).`,
  'mandate-cancelled': (day) => `Not debited: the AutoPay mandate was cancelled (${day}).`,
  failed: (day) => `Not debited: the debit failed, also after its retries (${day}).`,
  'bill-changed': (day) => `Not debited: the biller no longer presents this bill (${day}).`,
};

/** The sentence for a debit that did not happen, decided at `decidedAt` (ISO). */
export const debitOutcomeSentence = (outcome: AutopayDebitOutcome, decidedAt: string): string =>
  outcomeSentences[outcome](formatDate(decidedAt));
