import { CURRENCY } from '@erti/contracts/constants';
import { formatPaise, parseRupees, rupeesFromPaise } from '@erti/contracts/rupees';
import { formatIstDateTime } from '@erti/contracts/text';

/**
 * How the site writes money and dates for Indian readers: rupees with Indian digit grouping
 * (₹1,23,456.78) and dates in India time whatever the device's zone.
 */

const INDIA = 'Asia/Kolkata';

/**
 * Each formatter is built on first use: building one loads its locale's data, which on a slow phone
 * is a long task (about 45 ms here for all six, before the 4x slowdown of a mid-range phone), and
 * most screens that import this file format nothing as they open (the bill-entry page, for one).
 */
function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

const price = onFirstUse(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
);
const calendarDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const date = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { timeZone: INDIA, dateStyle: 'medium' }));
/** en-CA writes a date as YYYY-MM-DD. */
const isoDate = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: INDIA }));

/** Integer paise as the user reads them: 123456 → '₹1,234.56'; a RangeError for anything else. */
export { formatPaise };

/**
 * A rupee amount (number, or decimal text as typed or carried in navigation state), read by the one
 * rupee parser: '499' → '₹499.00'. Unreadable text stays as is.
 */
export function formatRupees(amount: number | string): string {
  const reading = parseRupees(amount, 'typed');
  return reading.ok ? formatPaise(reading.paise) : String(amount);
}

/** A price tag without zero paise: 2999 → '₹2,999', 19.5 → '₹19.5'. An unreadable price stays as is. */
export function formatPrice(amountInRupees: number): string {
  const reading = parseRupees(amountInRupees);
  return reading.ok ? price().format(rupeesFromPaise(reading.paise) as `${number}`) : String(amountInRupees);
}

/** A calendar date ('2025-06-30') as '30 Jun 2025'; anything else is shown as it was sent. */
export function formatCalendarDate(text: string | undefined): string {
  if (!text) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return text;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return calendarDate().format(new Date(year, month - 1, day));
}

/** The day of an instant in India: '22 Nov 2025'. */
export const formatDate = (iso: string) => date().format(new Date(iso));

/**
 * An instant in India time, as the api's receipts and mails write it (the same formatter):
 * '22 Nov 2025, 10:05 am IST'; text that is not a date is shown as it was sent.
 */
export function formatDateTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : formatIstDateTime(instant);
}

/** The calendar date of an instant in India, YYYY-MM-DD (what date inputs and complaints expect). */
export const indianDate = (iso: string) => isoDate().format(new Date(iso));
