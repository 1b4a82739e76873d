import type { CatalogueWords } from '@erti/contracts/catalogue-words';
import type { Language } from '@erti/contracts/languages';
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * One language's messages, id → ICU message. The build compiles each message to its syntax tree
 * (vite.config.ts `compiledCatalogues`), so the browser needs no ICU parser; the tests read the text.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

export type Catalogue = Record<string, string | MessageFormatElement[]>;

/**
 * Each language's catalogues (`locales/<language>/<namespace>.json`), one chunk per language fetched on
 * demand: a visitor downloads one language's catalogues, never all of them. One loader per language
 * rather than one per file keeps the list of 51 files out of the entry.
 */
interface LanguageCatalogues {
  namespaceFiles: Record<string, Catalogue>;
  catalogueWords: CatalogueWords;
}

const languageCatalogues: Record<Language, () => Promise<LanguageCatalogues>> = {
  en: () => import('./languages/en.ts'),
  hi: () => import('./languages/hi.ts'),
  ta: () => import('./languages/ta.ts'),
};

/** The namespace file of a catalogue path: `../../locales/hi/accounts.json` → `['hi', 'accounts']`. */
export function catalogueFile(path: string): { language: string; namespace: string } {
  const [language = '', file = ''] = path.split('/').slice(-2);
  return { language, namespace: file.replace(/\.json$/, '') };
}

/** A namespace's keys as message ids: `login.title` in `accounts.json` is `accounts.login.title`. */
export function namespaced(namespace: string, catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, message]) => [`${namespace}.${key}`, message]),
  );
}

/**
 * The service catalogue's words (contracts, decision 116) as the `catalogue` namespace, keyed by their
 * English (useCatalogueText). Each is plain text: given as its syntax tree, which needs no ICU parser
 * and reads an apostrophe or a brace as written.
 */
export function catalogueNamespace(words: CatalogueWords): Catalogue {
  return namespaced(
    'catalogue',
    Object.fromEntries(
      Object.entries(words).map(([english, word]) => [english, [{ type: TYPE.literal, value: word }]]),
    ),
  );
}

/** Every namespace of one language, merged into the ids the components ask for. */
export async function loadMessages(language: Language): Promise<Messages> {
  const { namespaceFiles, catalogueWords } = await languageCatalogues[language]();
  const namespaces = Object.entries(namespaceFiles).map(([path, catalogue]) =>
    namespaced(catalogueFile(path).namespace, catalogue),
  );
  return Object.assign({}, ...namespaces, catalogueNamespace(catalogueWords)) as Messages;
}
