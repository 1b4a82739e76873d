/**
 * The languages the site, its mails and its receipts speak: one entry each (decision 127). Everything
 * else that differs by language is found from here or in the language's folder of each tier, by its code:
 * `apps/web/src/locales/<code>/` (the site's messages and the promo video's captions),
 * `apps/api/src/locales/<code>/` (mails and receipts), `packages/contracts/src/locales/<code>/` (the
 * service catalogue's words). Their schemas are in `schemas/languages.ts`: this file stays free of zod,
 * which the web site's first JavaScript does without.
 */

/**
 * The faces a page in each script names first, before the generic family (the build writes them into
 * the site's stylesheet, `apps/web/build/language-fonts.ts`). Left to the system's fallback, a device may
 * pick a face without the script's letters: Chromium on a Debian with Noto's fonts drew whole Tamil
 * words as boxes (it chose Noto Sans Tamil Supplement). Android has the Noto faces, Windows Nirmala UI,
 * Apple's systems Kohinoor Devanagari and Tamil Sangam MN; Latin keeps the site's own stack. The PDF
 * receipt sets a script in its `Noto Sans <script>` (the api's `@expo-google-fonts` package of it).
 */
export const scriptFaces = {
  Latin: [],
  Devanagari: ['Noto Sans Devanagari', 'Nirmala UI', 'Kohinoor Devanagari', 'Mangal'],
  Tamil: ['Noto Sans Tamil', 'Nirmala UI', 'Tamil Sangam MN', 'Latha'],
} as const satisfies Record<string, readonly string[]>;

/** A script by its Unicode name (`\p{Script=Tamil}`). */
export type Script = keyof typeof scriptFaces;

/**
 * How a language writes a moment (decision 112): English '22 Nov 2025, 10:05 am' (en-IN's own medium
 * date and short time); the others name the part of the day in words, as people say a time ('22 नव॰
 * 2025, सुबह 10:05', '22 நவ., 2025, காலை 10:05'), where hi-IN's and ta-IN's short time would write a
 * Latin am/pm or AM/PM.
 */
type Clock = 'am-pm' | 'part-of-day-in-words';

interface LanguageEntry {
  /** The language's name in its own script, as the language switch shows it. */
  name: string;
  /** Its `Intl` locale: Indian grouping of rupees, dates as the locale writes them. */
  locale: string;
  /** The script its words are in: the site's fonts (index.css) and the PDF receipt's font come from it. */
  script: Script;
  clock: Clock;
}

/** Adding a language is a line here and its folders (docs/languages.md). */
const registry = {
  en: { name: 'English', locale: 'en-IN', script: 'Latin', clock: 'am-pm' },
  hi: { name: 'हिन्दी', locale: 'hi-IN', script: 'Devanagari', clock: 'part-of-day-in-words' },
  ta: { name: 'தமிழ்', locale: 'ta-IN', script: 'Tamil', clock: 'part-of-day-in-words' },
} as const satisfies Record<string, LanguageEntry>;

export type Language = keyof typeof registry;
export const LANGUAGES = Object.keys(registry) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = 'en';

const byLanguage = <T>(value: (entry: LanguageEntry) => T) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, value(registry[language])])) as Record<
    Language,
    T
  >;

/** Each language's name in its own script, as the language switch shows it. */
export const languageNames = byLanguage((entry) => entry.name);

/** The `Intl` locale of each language: Indian grouping of rupees, dates as each locale writes them. */
export const localeByLanguage = byLanguage((entry) => entry.locale);

/** The script each language is written in. */
export const scriptByLanguage = byLanguage((entry) => entry.script);

const clocks: Record<Clock, Intl.DateTimeFormatOptions> = {
  'am-pm': { dateStyle: 'medium', timeStyle: 'short' },
  'part-of-day-in-words': {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
  },
};

/** How each language writes a moment (decision 112; see {@link Clock}). */
export const dateTimeOptionsByLanguage = byLanguage((entry) => clocks[entry.clock]);

/**
 * The cookie holding the language chosen on this device. The web site writes it when the customer
 * picks one, so the server can answer a first request (prerendered page, OTP mail) in that language.
 */
export const LANGUAGE_COOKIE = 'erti_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language among a browser's preferences, most preferred first
 * (`navigator.languages`, or an `Accept-Language` header read by {@link preferredLanguages}).
 * `hi-IN` counts as `hi`; nothing supported means English.
 */
export function pickLanguage(preferences: readonly string[]): Language {
  for (const preference of preferences) {
    const primary = preference.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** An `Accept-Language` header's tags, most preferred first (`q` weights honoured, `q=0` dropped). */
export function preferredLanguages(acceptLanguage: string | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = weight ? Number(weight.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
