import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@erti/contracts/languages';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { specCatalogue } from '../lib/i18n/spec-messages.ts';

/**
 * The catalogues' checks (issue 26): every language has every key of English and no other; every
 * message parses and uses the variables English uses; every id is used by the code and every id the
 * code asks for exists; English holds the spec's strings letter for letter. The service catalogue's
 * words are contracts' (`catalogue-words`, decision 116), checked there.
 */
// Paths, not URLs: happy-dom's URL knows no file: scheme.
const localesDir = dirname(fileURLToPath(import.meta.url));
const sourceDir = dirname(localesDir);

/** Namespaces whose ids the code builds from data rather than writes out (see their notes). */
const DATA_KEYED_NAMESPACES = new Set([
  // Keys are the api's `messageKey`s, looked up by lib/i18n/api-errors.ts; the api half checks them.
  'api-errors',
  // Keys are the api's success answers' `messageKey`s (lib/i18n/api-messages.ts); the api half checks them.
  'api-messages',
  // Keys are contracts' `messages`, reached by id or by their English text (useSpecText).
  'spec',
]);

type Catalogue = Record<string, string>;

function catalogueOf(language: string): Map<string, Catalogue> {
  const files = readdirSync(join(localesDir, language)).filter((name) => name.endsWith('.json'));
  return new Map(
    files.map((name) => [
      name.replace(/\.json$/, ''),
      JSON.parse(readFileSync(join(localesDir, language, name), 'utf8')),
    ]),
  );
}

const catalogues = new Map(LANGUAGES.map((language) => [language, catalogueOf(language)]));
const english = catalogues.get('en') ?? new Map<string, Catalogue>();

function idsOf(catalogue: Map<string, Catalogue>): string[] {
  return [...catalogue].flatMap(([namespace, entries]) =>
    Object.keys(entries).map((key) => `${namespace}.${key}`),
  );
}

function variablesOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) variablesOf(option.value, found);
    }
    if (element.type === TYPE.tag) variablesOf(element.children, found);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'locales' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const source = sourceFiles(sourceDir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('the catalogues', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every key of English and no other',
    (language) => {
      expect(idsOf(catalogues.get(language) ?? new Map()).sort()).toEqual(idsOf(english).sort());
    },
  );

  it.each(LANGUAGES)('every %s message parses and takes the variables its English one takes', (language) => {
    for (const [namespace, entries] of catalogues.get(language) ?? []) {
      for (const [key, message] of Object.entries(entries)) {
        const englishMessage = english.get(namespace)?.[key] ?? '';
        expect([...variablesOf(parse(message))].sort(), `${language} ${namespace}.${key}`).toEqual(
          [...variablesOf(parse(englishMessage))].sort(),
        );
      }
    }
  });

  it('has no key the code does not use', () => {
    const unused = idsOf(english)
      .filter((id) => !DATA_KEYED_NAMESPACES.has(id.split('.')[0] ?? ''))
      .filter((id) => !source.some(({ text }) => text.includes(`'${id}'`) || text.includes(`"${id}"`)));
    expect(unused).toEqual([]);
  });

  it('has every id the code asks for', () => {
    const known = new Set(idsOf(english));
    const namespaces = [...english.keys()].join('|');
    const asked = new RegExp(`['"]((?:${namespaces})\\.[\\w.-]+)['"]`, 'g');
    const missing = source.flatMap(({ path, text }) =>
      [...text.matchAll(asked)]
        .map((match) => match[1] ?? '')
        .filter((id) => !known.has(id) && !id.startsWith('api-errors.') && !id.startsWith('api-messages.'))
        .map((id) => `${relative(sourceDir, path)}: ${id}`),
    );
    expect(missing).toEqual([]);
  });

  it("holds the spec's strings letter for letter in English", () => {
    const spec = english.get('spec') ?? {};
    const shown = Object.fromEntries(
      Object.entries(spec).map(([key, message]) => {
        const variables = [...variablesOf(parse(message))];
        const asTyped = Object.fromEntries(variables.map((name) => [name, `{${name}}`]));
        const intl = createIntl({ locale: 'en-IN', messages: { [key]: message } });
        return [`spec.${key}`, intl.formatMessage({ id: key }, asTyped)];
      }),
    );
    expect(shown).toEqual(specCatalogue());
  });
});
