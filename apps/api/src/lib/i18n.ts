import { readdirSync, readFileSync } from 'node:fs';
import {
  DEFAULT_LANGUAGE,
  dateTimeOptionsByLanguage,
  LANGUAGES,
  type Language,
  localeByLanguage,
} from '@erti/contracts';
import { catalogueWordIn } from '@erti/contracts/catalogue-words';
import { type OwnParamName, ownParamName } from '@erti/contracts/param-names';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The server's catalogues: `locales/<language>/<namespace>.json`, flat keys to ICU MessageFormat
 * strings, read as `<namespace>.<key>`. A new language is a new folder (and its entry in
 * `@erti/contracts/languages`); nothing here names one.
 */
const LOCALES = new URL('../locales/', import.meta.url);

import type { MessageValues } from '@erti/contracts';

export type { MessageValues };

function readCatalogue(language: Language): Map<string, string> {
  const folder = new URL(`${language}/`, LOCALES);
  const catalogue = new Map<string, string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const namespace = file.slice(0, -'.json'.length);
    const entries = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(entries)) catalogue.set(`${namespace}.${key}`, message);
  }
  return catalogue;
}

/** Every language's catalogue, read once when the api starts. */
export const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [language, readCatalogue(language)]),
) as Record<Language, Map<string, string>>;

/** What a mail or a receipt needs to speak one language: its messages, money and dates. */
export interface Translator {
  language: Language;
  locale: string;
  /** The message of `key` with its values; a key missing in this language falls back to English. */
  t(key: string, values?: MessageValues): string;
  /** Paise as rupees with Indian grouping: '₹1,23,456.50'. */
  money(paise: number): string;
  /** A moment in India time as the language writes it: '27 Nov 2026, 4:06 pm', '27 नव॰ 2026, शाम 4:06'. */
  dateTime(at: Date): string;
  /** A calendar day ('2026-11-27'), `long` ('27 November 2026') or `medium` ('27 Nov 2026'). */
  day(isoDay: string, style: 'long' | 'medium'): string;
  /** A category ('Electricity') in the service catalogue's words, as the web site names it (decision 116). */
  category(english: string): string;
  /** A customer parameter's name: the site's own (a recharge's Circle) in the language, a biller's as sent. */
  paramName(name: string): string;
}

/** The site's own parameter names in the receipt catalogue. */
const ownParamKeys: Record<OwnParamName, string> = {
  mobileNumber: 'receipt.param.mobileNumber',
  circle: 'receipt.param.circle',
  planId: 'receipt.param.planId',
};

function createTranslator(language: Language): Translator {
  const locale = localeByLanguage[language];
  const compiled = new Map<string, IntlMessageFormat>();
  const messageOf = (key: string) => {
    let format = compiled.get(key);
    if (!format) {
      const text = catalogues[language].get(key) ?? catalogues[DEFAULT_LANGUAGE].get(key);
      if (text === undefined) throw new Error(`No message has the key '${key}'`);
      format = new IntlMessageFormat(text, locale);
      compiled.set(key, format);
    }
    return format;
  };
  const rupees = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' });
  // The part of the day in words in Hindi and Tamil, not a Latin am/pm (decision 112).
  const istDateTime = new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    ...dateTimeOptionsByLanguage[language],
  });
  const days = {
    long: new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    medium: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  };
  const t: Translator['t'] = (key, values) => String(messageOf(key).format(values));
  return {
    language,
    locale,
    t,
    // Formatted from the exact decimal text, never from paise / 100 (as `formatPaise`).
    money: (paise) => rupees.format(rupeesFromPaise(paise) as `${number}`),
    dateTime: (at) => istDateTime.format(at),
    day: (isoDay, style) => {
      const time = Date.parse(`${isoDay}T00:00:00Z`);
      // A date the network wrote in some other way is shown as it came.
      return /^\d{4}-\d{2}-\d{2}$/.test(isoDay) && !Number.isNaN(time) ? days[style].format(time) : isoDay;
    },
    category: (english) => catalogueWordIn(language, english),
    paramName(name) {
      const own = ownParamName(name);
      return own ? t(ownParamKeys[own]) : name;
    },
  };
}

const translators = Object.fromEntries(
  LANGUAGES.map((language) => [language, createTranslator(language)]),
) as Record<Language, Translator>;

/** The translator of a language (the default language for anything else, e.g. an old row). */
export function translatorFor(language: string | null | undefined): Translator {
  return translators[language as Language] ?? translators[DEFAULT_LANGUAGE];
}
