/**
 * Every amount that enters the system, to integer paise, and paise back to rupees, without floating
 * point. One grammar: whole rupees, a decimal point and at most two decimals. Its modes
 * (`RupeeGrammar`) only widen how the whole rupees and the decimals may be written; the paise
 * sibling (`parsePaise`) takes the whole digits alone. No schema code, so a screen imports it
 * (`@erti/contracts/rupees`) without loading zod. Decisions 046 and 061.
 */
import { CURRENCY } from './constants.ts';

/**
 * The largest amount anything may carry: ₹99,99,99,999.99 (9 whole digits of rupees), in paise.
 * Far above any bill or plan, and small enough that a bill, its fee and every refund of it add up
 * exactly in a JavaScript number (Number.MAX_SAFE_INTEGER is about 90,000 times larger).
 */
export const MAX_AMOUNT_PAISE = 99_999_999_999;

/**
 * How an amount in rupees may be written:
 * - 'plain': what clients send ('499', '499.5', '499.50').
 * - 'typed': what a person types: plain, or with a leading '₹' (spaces after it), commas grouping the
 *   digits the Indian or the international way ('1,23,456', '123,456': the last group three digits,
 *   so '1,5' is refused rather than read as 15) and a bare trailing point ('120.' is 120).
 * - 'gateway': what a gateway answers: plain, or with zeros past the paise ('499.000', PayU).
 */
export type RupeeGrammar = 'plain' | 'typed' | 'gateway';

const RUPEES: Record<RupeeGrammar, RegExp> = {
  plain: /^(\d+)(?:\.(\d{1,2}))?$/,
  typed: /^(?:₹\s*)?(\d{1,3}(?:,\d{2,3})*,\d{3}|\d+)(?:\.(\d{0,2}))?$/,
  gateway: /^(\d+)(?:\.(\d{1,2})0*)?$/,
};
const PAISE = /^(\d+)$/;

/** An amount read, or why it cannot be: `reason` is fit for a 4xx message ('Amount …'). */
export type AmountReading = { ok: true; paise: number } | { ok: false; reason: string };

const refused = (reason: string): AmountReading => ({ ok: false, reason });

/** Why a text the grammar does not match is no amount, the likeliest cause first. */
function refusal(text: string, decimals: boolean): string {
  if (text === '') return 'Amount is empty';
  if (/^₹?\s*[+-]/.test(text)) return 'Amount must not have a sign';
  if (/^\d*\.?\d+e/i.test(text)) return 'Amount must not have an exponent';
  if (!decimals && /^\d+\.\d*$/.test(text)) return 'Amount must be whole paise';
  if (/^\d+\.\d{3,}$/.test(text)) return 'Amount must have at most two decimals';
  if (/\d[^\d.]+\d/.test(text)) return 'Amount must be digits with a decimal point, without other separators';
  return 'Amount is not a number';
}

/** A string of digits counting paise, refused past the largest amount. */
function paiseWithin(digits: string): AmountReading {
  const significant = digits.replace(/^0+(?=\d)/, '');
  // Past 15 digits a number is no longer exact, and far past the largest amount anyway.
  const paise = significant.length > 15 ? Number.POSITIVE_INFINITY : Number(significant);
  if (paise > MAX_AMOUNT_PAISE)
    return refused(`Amount must be at most ${rupeesFromPaise(MAX_AMOUNT_PAISE)} rupees`);
  return { ok: true, paise };
}

/** A JSON number as the grammar's text: its shortest exact writing ('499.5'), never rounded. */
function asText(amount: string | number): string | undefined {
  if (typeof amount === 'string') return amount.trim();
  return Number.isFinite(amount) ? String(amount) : undefined;
}

/**
 * Rupees ('499.50', or a JSON number such as 499.5) to paise. Refused: more than two decimals,
 * exponents, signs, separators the grammar does not know, anything before or after the amount,
 * NaN/Infinity and amounts past MAX_AMOUNT_PAISE. Zero is an amount: callers that need more say so.
 */
export function parseRupees(amount: string | number, grammar: RupeeGrammar = 'plain'): AmountReading {
  const text = asText(amount);
  if (text === undefined) return refused('Amount is not a number');
  const match = RUPEES[grammar].exec(text);
  if (!match) return refused(refusal(text, true));
  return paiseWithin(`${(match[1] ?? '').replaceAll(',', '')}${(match[2] ?? '').padEnd(2, '0')}`);
}

/**
 * An amount already in paise ('49950', or a JSON number that is a safe integer) to paise: the same
 * grammar without decimals.
 */
export function parsePaise(amount: string | number): AmountReading {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount))
    return refused('Amount must be whole paise');
  const text = asText(amount) ?? '';
  const match = PAISE.exec(text);
  return match ? paiseWithin(match[1] ?? '') : refused(refusal(text, false));
}

/** The reading's paise, or undefined when it is no amount. */
export const paiseOrUndefined = (reading: AmountReading): number | undefined =>
  reading.ok ? reading.paise : undefined;

/** The reading's paise; a RangeError with the reason when it is no amount. */
export function paiseOrThrow(reading: AmountReading): number {
  if (!reading.ok) throw new RangeError(reading.reason);
  return reading.paise;
}

/** Formatters take whole paise only: a fraction of a paisa (or an unsafe number) is a bug upstream. */
export function assertWholePaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`${paise} is not a whole number of paise`);
}

/** Paise as plain rupees with two decimals: 123450 → '1234.50'. */
export function rupeesFromPaise(paise: number): string {
  assertWholePaise(paise);
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

let indianRupees: Intl.NumberFormat | undefined;

/**
 * Paise as people read them, with Indian digit grouping: 123450 → '₹1,234.50'. Formatted from the
 * exact decimal text, never from paise / 100. The format is built on first use (it loads locale data).
 */
export function formatPaise(paise: number): string {
  indianRupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: CURRENCY });
  return indianRupees.format(rupeesFromPaise(paise) as `${number}`);
}
