import { CURRENCY } from '@erti/contracts/constants';
import { dateTimeOptionsByLanguage, type Language, localeByLanguage } from '@erti/contracts/languages';
import { parseRupees, rupeesFromPaise } from '@erti/contracts/rupees';
import { useIntl } from 'react-intl';
import { useLanguage } from './i18n/language-provider.tsx';

/**
 * How the site writes money and dates for Indian readers, in each language's locale (`en-IN`,
 * `hi-IN`, `ta-IN`): rupees with Indian digit grouping (₹1,23,456.78) and dates in India time
 * whatever the device's zone. Components take them from `useFormat()`.
 */

const INDIA = 'Asia/Kolkata';

/**
 * Each formatter is built on first use: building one loads its locale's data, which on a slow phone
 * is a long task (about 45 ms here for all six, before the 4x slowdown of a mid-range phone), and
 * most screens format nothing as they open (the bill-entry page, for one).
 */
function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

export interface Formats {
  /** Integer paise as the user reads them: 123456 → '₹1,234.56'; a RangeError for anything else. */
  paise(paise: number): string;
  /** A rupee amount (number, or decimal text as typed or carried): '499' → '₹499.00'. Unreadable text stays. */
  rupees(amount: number | string): string;
  /** A price tag without zero paise: 2999 → '₹2,999', 19.5 → '₹19.5'. An unreadable price stays. */
  price(amountInRupees: number): string;
  /** A calendar date ('2025-06-30') as '30 Jun 2025'; anything else is shown as it was sent. */
  calendarDate(text: string | undefined): string;
  /** A document's calendar date with the month written out: '2024-04-01' → '1 April 2024'. */
  longDate(text: string): string;
  /** The day of an instant in India: '22 Nov 2025'. */
  date(iso: string): string;
  /**
   * An instant in India time, the zone named in the language: '22 Nov 2025, 10:05 am IST' ('22 नव॰
   * 2025, सुबह 10:05 भारतीय समय' in Hindi: decisions 112 and 116); text that is not a date stays as sent.
   */
  dateTime(iso: string): string;
}

/** A calendar date as 'YYYY-MM-DD' text: that day (local midnight), else undefined. */
function calendarDay(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return new Date(year, month - 1, day);
}

function buildFormats(language: Language, zone: string): Formats {
  const locale = localeByLanguage[language];
  const money = onFirstUse(() => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }));
  const price = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: CURRENCY,
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }),
  );
  const calendarDate = onFirstUse(
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
  );
  const longDate = onFirstUse(
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }),
  );
  const date = onFirstUse(() => new Intl.DateTimeFormat(locale, { timeZone: INDIA, dateStyle: 'medium' }));
  const dateTime = onFirstUse(
    () => new Intl.DateTimeFormat(locale, { timeZone: INDIA, ...dateTimeOptionsByLanguage[language] }),
  );
  // Formatted from the exact decimal text, never from paise / 100.
  const paise = (amount: number) => money().format(rupeesFromPaise(amount) as `${number}`);
  return {
    paise,
    rupees(amount) {
      const reading = parseRupees(amount, 'typed');
      return reading.ok ? paise(reading.paise) : String(amount);
    },
    price(amountInRupees) {
      const reading = parseRupees(amountInRupees);
      return reading.ok
        ? price().format(rupeesFromPaise(reading.paise) as `${number}`)
        : String(amountInRupees);
    },
    calendarDate(text) {
      if (!text) return '';
      const day = calendarDay(text);
      return day ? calendarDate().format(day) : text;
    },
    longDate(text) {
      const day = calendarDay(text);
      return day ? longDate().format(day) : text;
    },
    date: (iso) => date().format(new Date(iso)),
    dateTime(iso) {
      const instant = new Date(iso);
      return Number.isNaN(instant.getTime()) ? iso : `${dateTime().format(instant)} ${zone}`;
    },
  };
}

const formatsByLanguage = new Map<string, Formats>();

/**
 * The formats of one language, India's time zone named by `zone` (the catalogue's `app.time.zone`:
 * 'IST', 'भारतीय समय', 'இந்திய நேரம்'); built once, each formatter on first use.
 */
export function formatsFor(language: Language, zone: string): Formats {
  const key = `${language} ${zone}`;
  let formats = formatsByLanguage.get(key);
  if (!formats) {
    formats = buildFormats(language, zone);
    formatsByLanguage.set(key, formats);
  }
  return formats;
}

/** The formats of the language the site speaks now. */
export function useFormat(): Formats {
  const { formatMessage } = useIntl();
  return formatsFor(useLanguage().language, formatMessage({ id: 'app.time.zone' }));
}
