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
 * Every catalogue file (`locales/<language>/<namespace>.json`), each fetched on demand: a screen
 * downloads its own namespaces in the site's language, never another screen's or language's
 * (decision 120).
 */
const catalogueFiles = import.meta.glob<Catalogue>('../../locales/*/*.json', { import: 'default' });

/**
 * The service catalogue's words (contracts, decision 116), the `catalogue` namespace: one file in each
 * language's folder of contracts (`locales/<language>/catalogue-words.json`, decision 127).
 */
const catalogueWordsOf = new Map(
  Object.entries(
    import.meta.glob<CatalogueWords>('../../../../../packages/contracts/src/locales/*/catalogue-words.json', {
      import: 'default',
    }),
  ).map(([path, load]) => [catalogueFile(path).language, load]),
);

/** The namespace file of a catalogue path: `locales/hi/accounts.json` → hi, accounts. */
export function catalogueFile(path: string): { language: string; namespace: string } {
  const [language = '', file = ''] = path.split('/').slice(-2);
  return { language, namespace: file.replace(/\.json$/, '') };
}

/** A namespace's keys as message ids: `login.title` in accounts.json is the id accounts.login.title. */
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

function loadNamespace(language: Language, namespace: string): Promise<Catalogue> {
  if (namespace === 'catalogue') {
    const words = catalogueWordsOf.get(language);
    if (!words) return Promise.reject(new Error(`No catalogue words in ${language}`));
    return words().then(catalogueNamespace);
  }
  const load = catalogueFiles[`../../locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`No catalogue ${language}/${namespace}`));
  return load().then((catalogue) => namespaced(namespace, catalogue));
}

/** Some namespaces of one language, merged into the ids the components ask for. */
export async function loadNamespaces(language: Language, namespaces: Iterable<string>): Promise<Messages> {
  const catalogues = await Promise.all(
    [...namespaces].map((namespace) => loadNamespace(language, namespace)),
  );
  return Object.assign({}, ...catalogues) as Messages;
}

/** Every namespace there is: the files' and the service catalogue's words. */
export const NAMESPACES: string[] = [
  ...new Set(Object.keys(catalogueFiles).map((path) => catalogueFile(path).namespace)),
  'catalogue',
];

/** Every namespace of one language (the build's prerendering, a test). */
export const loadMessages = (language: Language): Promise<Messages> => loadNamespaces(language, NAMESPACES);
