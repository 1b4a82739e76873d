import { cpSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { changedFiles, copyOfRepository } from './support/repository-copy.ts';

/**
 * A fourth language, Marathi, added in a copy of the tiers that speak (decision 127): its folders copied
 * from English and one line in contracts' `languages.ts`, nothing else. In that copy the api speaks it,
 * the web site loads it, the PDF receipt and the site's fonts find its script, and the catalogue checks
 * of each tier (their own test files, run here on the copy) pass.
 */
const NEW = 'mr';
const NEW_ENTRY = `  ${NEW}: { name: 'मराठी', locale: 'mr-IN', script: 'Devanagari', clock: 'part-of-day-in-words' },`;
const REGISTRY = 'packages/contracts/src/languages.ts';
/** Each tier's folder of a language. */
const languageFolders = (language: string) => [
  `packages/contracts/src/locales/${language}`,
  `apps/web/src/locales/${language}`,
  `apps/api/src/locales/${language}`,
];

// The tiers that speak (the api's tests only for its catalogue checks) and the settings they read.
const copy = copyOfRepository(
  [
    'tsconfig.base.json',
    'packages/contracts',
    'apps/web/src',
    'apps/web/build',
    'apps/api/src',
    'apps/api/test/i18n-catalogues.test.ts',
  ],
  { '@erti/contracts': 'packages/contracts' },
);
afterAll(() => copy.remove());

const before = copy.hashes();
const [english, added] = [languageFolders('en'), languageFolders(NEW)];
for (const [index, folder] of english.entries())
  cpSync(copy.path(folder), copy.path(added[index] ?? ''), { recursive: true });
const registryEnd = '} as const satisfies Record<string, LanguageEntry>;';
writeFileSync(copy.path(REGISTRY), copy.read(REGISTRY).replace(registryEnd, `${NEW_ENTRY}\n${registryEnd}`));
const after = copy.hashes();

/** The api's translator, as far as these checks read it. */
interface Translator {
  language: string;
  t(key: string): string;
  category(english: string): string;
  dateTime(at: Date): string;
}

// The tiers' own catalogue checks, on the copy (they register their tests here, run with these).
await import(copy.path('packages/contracts/src/catalogue-words/catalogue-words.test.ts'));
await import(copy.path('apps/web/src/locales/catalogues.test.ts'));
await import(copy.path('apps/api/test/i18n-catalogues.test.ts'));

// A busy machine transforms the copy's code slowly: its first import of a tier takes many seconds.
describe('a fourth language, Marathi, as a dry run', { timeout: 120_000 }, () => {
  it('touches at most 3 files outside its own folders: the registry line alone', () => {
    const inNewFolder = (path: string) => added.some((folder) => path.startsWith(`${folder}/`));
    const touched = changedFiles(before, after).filter((path) => !inNewFolder(path));
    expect(touched).toEqual([REGISTRY]);
    expect(touched.length).toBeLessThanOrEqual(3);
    expect([...after.keys()].filter(inNewFolder).length).toBeGreaterThan(20);
  });

  it('is a language of the registry, named in its script and picked from a browser’s languages', async () => {
    const languages = (await import(copy.path(REGISTRY))) as {
      LANGUAGES: string[];
      languageNames: Record<string, string>;
      pickLanguage(preferences: string[]): string;
    };
    expect(languages.LANGUAGES).toEqual(['en', 'hi', 'ta', NEW]);
    expect(languages.languageNames[NEW]).toBe('मराठी');
    expect(languages.pickLanguage(['mr-IN', 'en'])).toBe(NEW);
  });

  it('is spoken by the api: its messages, its dates, its receipt font', async () => {
    const i18n = (await import(copy.path('apps/api/src/lib/i18n.ts'))) as {
      translatorFor(language: string): Translator;
    };
    const marathi = i18n.translatorFor(NEW);
    expect(marathi.language).toBe(NEW);
    expect(marathi.t('receipt.title')).toBe(i18n.translatorFor('en').t('receipt.title'));
    expect(marathi.category('Electricity')).toBe('Electricity');
    // The part of the day in words, as Hindi (decision 112): no Latin am/pm.
    expect(marathi.dateTime(new Date('2026-11-27T10:36:00.000Z'))).not.toMatch(/am|pm/i);
    const receipt = (await import(copy.path('apps/api/src/modules/payments/receipt-pdf.ts'))) as {
      receiptFontOf(translator: Translator): string | undefined;
    };
    expect(receipt.receiptFontOf(marathi)).toMatch(/NotoSansDevanagari_400Regular\.ttf$/);
  });

  it('is loaded by the web site: every namespace, the catalogue words, its script fonts', async () => {
    const catalogues = (await import(copy.path('apps/web/src/lib/i18n/catalogues.ts'))) as {
      loadMessages(language: string): Promise<Record<string, unknown>>;
    };
    const ids = async (language: string) => Object.keys(await catalogues.loadMessages(language)).sort();
    expect(await ids(NEW)).toEqual(await ids('en'));
    const fonts = (await import(copy.path('apps/web/build/language-fonts.ts'))) as {
      languageFontsCss(): string;
    };
    expect(fonts.languageFontsCss()).toMatch(
      /html:lang\(mr\) \{\n {2}font-family: [^;]*"Noto Sans Devanagari"/,
    );
  });
});

describe('the language code outside the registry', () => {
  /** Source a person writes (not tests, not catalogues) in the tiers that speak. */
  const sources = [...after.keys()].filter(
    (path) =>
      /\.(ts|tsx|css)$/.test(path) && !/\.test\.tsx?$|\/test\/|\/testing\//.test(path) && path !== REGISTRY,
  );

  it('is never listed by hand: no table keyed by language, no union or switch of their codes', () => {
    const byHand = [
      /:\s*Record<Language,/, // a table typed by language, which a new one leaves short
      /\bcase '(en|hi|ta)'/,
      /'(en|hi|ta)' \| '(en|hi|ta)'/,
      /:lang\((hi|ta)\)\s*\{/, // a stylesheet rule per language rather than per script
    ];
    const found = sources.flatMap((path) => {
      const text = copy.read(path);
      return byHand.filter((pattern) => pattern.test(text)).map((pattern) => `${path}: ${pattern}`);
    });
    expect(found).toEqual([]);
    // The copy holds the tiers' sources, so the scan has something to find.
    expect(sources.length).toBeGreaterThan(300);
  });
});
