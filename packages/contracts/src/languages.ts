/**
 * The languages the site, its mails and its receipts speak (their schemas: `schemas/languages.ts`;
 * this file stays free of zod, which the web site's first JavaScript does without). Adding one is a catalogue folder per
 * app plus an entry here; nothing else names a language.
 */
export const LANGUAGES = ['en', 'hi', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in its own script, as the language switch shows it. */
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी', ta: 'தமிழ்' };

/** The `Intl` locale of each language: Indian grouping of rupees, dates as each locale writes them. */
export const localeByLanguage: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN' };

/**
 * How each language writes a moment (decision 112): English '22 Nov 2025, 10:05 am' (en-IN's own); Hindi
 * and Tamil name the part of the day in words, as people say a time ('22 नव॰ 2025, सुबह 10:05', '22 நவ.,
 * 2025, காலை 10:05'), where hi-IN's and ta-IN's short time would write a Latin am/pm or AM/PM.
 */
const partOfDayInWords: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  dayPeriod: 'short',
};
export const dateTimeOptionsByLanguage: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { dateStyle: 'medium', timeStyle: 'short' },
  hi: partOfDayInWords,
  ta: partOfDayInWords,
};

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
