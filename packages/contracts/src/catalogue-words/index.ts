import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../languages.ts';
import type { CatalogueWords } from './word-list.ts';

export { type CatalogueWords, catalogueWordList } from './word-list.ts';

/**
 * The service catalogue's words in every language (decision 116), each read from its language's
 * folder (`locales/<language>/catalogue-words.json`, decision 127): the one copy the web site's
 * screens, the api's receipts and its mails all read, so a category is named alike everywhere. The
 * api and the tests read them here; the web site fetches a language's file itself.
 */
export const catalogueWordsByLanguage = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../locales/${language}/catalogue-words.json`, import.meta.url), 'utf8'),
    ) as CatalogueWords,
  ]),
) as Record<Language, CatalogueWords>;

/**
 * A catalogue word (a category such as 'Electricity') in a language; a word the catalogue does not
 * hold (a category only the network knows) stays as sent.
 */
export function catalogueWordIn(language: Language, english: string): string {
  return catalogueWordsByLanguage[language][english] ?? english;
}
