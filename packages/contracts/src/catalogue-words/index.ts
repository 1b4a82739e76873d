import type { Language } from '../languages.ts';
import { type CatalogueWords, catalogueWords as english } from './en.ts';
import { catalogueWords as hindi } from './hi.ts';
import { catalogueWords as tamil } from './ta.ts';

export { type CatalogueWords, catalogueWordList } from './en.ts';

/**
 * The service catalogue's words in every language (decision 116): the one copy the web site's
 * screens, the api's receipts and its mails all read, so a category is named alike everywhere.
 */
export const catalogueWordsByLanguage: Record<Language, CatalogueWords> = {
  en: english,
  hi: hindi,
  ta: tamil,
};

/**
 * A catalogue word (a category such as 'Electricity') in a language; a word the catalogue does not
 * hold (a category only the network knows) stays as sent.
 */
export function catalogueWordIn(language: Language, english: string): string {
  return catalogueWordsByLanguage[language][english] ?? english;
}
