/**
 * Text helpers with no schema code: screens import them from `@erti/contracts/text` so a page that
 * only trims what is typed does not load zod.
 */
import { PHONE_LENGTH } from './constants.ts';

/** Digits only: what the spec's numeric inputs keep of what is typed. */
export function digitsOnly(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

/**
 * A phone number as typed or pasted, kept to the spec's 10 digits: the non-digits go first, then a
 * leading country code (`+91 98765 43210`, 12 digits from '91') or trunk zero (`09876543210`, 11
 * digits from '0'), then anything past 10 digits. Pasting '98765 43210' keeps all ten digits.
 */
export function phoneDigits(value: string): string {
  const digits = digitsOnly(value);
  const national =
    (digits.length === 12 && digits.startsWith('91')) || (digits.length === 11 && digits.startsWith('0'))
      ? digits.slice(-PHONE_LENGTH)
      : digits;
  return national.slice(0, PHONE_LENGTH);
}

const billerPatterns = new Map<string, RegExp | null>();

/**
 * Whether a customer parameter's value passes the biller's regex, which comes from the network as
 * text: each pattern is compiled once and kept. An empty pattern, or one JavaScript cannot compile
 * (master data written for another regex dialect), judges nothing and passes every value: refusing
 * would block every payment to that biller, and the network checks the value again before any charge.
 */
export function matchesBillerRegex(regex: string, value: string): boolean {
  if (!regex) return true;
  if (!billerPatterns.has(regex)) {
    try {
      billerPatterns.set(regex, new RegExp(regex));
    } catch {
      billerPatterns.set(regex, null);
    }
  }
  return billerPatterns.get(regex)?.test(value) ?? true;
}

let istDateTime: Intl.DateTimeFormat | undefined;

/**
 * An instant as every surface writes a transaction's time (receipt page and PDF, mails, status modal,
 * Transaction Queries, merchant dashboard): India time, named, '22 Nov 2025, 1:45 am IST'. One
 * formatter for the api and the web, so they cannot drift. Built on first use: a locale's data is slow
 * to load on a phone, and most screens format no time.
 */
export function formatIstDateTime(at: Date): string {
  istDateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${istDateTime.format(at)} IST`;
}
