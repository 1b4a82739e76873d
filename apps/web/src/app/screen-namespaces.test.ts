import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n/catalogues.ts';
import { SHELL_NAMESPACES } from '../lib/i18n/namespaces.ts';
import { screens } from './router.tsx';

/**
 * A screen's first render must have every message it shows (decision 120): the shell's namespaces and
 * its own, which router.tsx lists. Read from the code: every module a screen's file reaches through
 * its relative imports (on-demand parts included, fetched later but drawn with the same messages), and
 * in each every namespace an id of it names, written out (`'bills.recent.title'`) or built
 * (`` `api-errors.${code}` ``).
 */
// Paths, not URLs: happy-dom's URL knows no file: scheme.
const sourceDir = dirname(dirname(fileURLToPath(import.meta.url)));
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const ID = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.`, 'g');

/** The source files `file` reaches through its relative imports, itself included. */
function reached(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  for (const [, path = ''] of readFileSync(file, 'utf8').matchAll(IMPORT))
    reached(resolve(dirname(file), path), seen);
  return seen;
}

/** The namespaces the code reached from `file` reads. */
function namespacesRead(file: string): string[] {
  const read = new Set<string>();
  for (const source of reached(join(sourceDir, file)))
    for (const [, namespace = ''] of readFileSync(source, 'utf8').matchAll(ID)) read.add(namespace);
  return [...read].sort();
}

const beyondShell = (namespaces: string[]) =>
  namespaces.filter((namespace) => !SHELL_NAMESPACES.includes(namespace)).sort();

describe("the screens' catalogue namespaces", () => {
  it("are the shell's for the layout, the navigation and the error screen", () => {
    expect(beyondShell(namespacesRead('app/router.tsx'))).toEqual([]);
    expect(namespacesRead('app/router.tsx')).toEqual([...SHELL_NAMESPACES].sort());
  });

  it.each(screens.map((screen) => [screen.path, screen] as const))(
    'are, for %s, the ones its code reads beyond the shell',
    (_path, screen) => {
      expect(screen.namespaces ?? []).toEqual(beyondShell(namespacesRead(`app/routes/${screen.file}.tsx`)));
    },
  );

  it('name catalogues that exist, and every screen file is in the table', () => {
    const named = new Set(screens.flatMap((screen) => screen.namespaces ?? []));
    expect([...named].filter((namespace) => !NAMESPACES.includes(namespace))).toEqual([]);
    const files = readdirSync(join(sourceDir, 'app/routes')).filter(
      (file) => !file.includes('.test.') && file !== 'open-my-bill.tsx',
    );
    expect(files.map((file) => file.replace('.tsx', '')).sort()).toEqual(
      [...new Set(screens.map((screen) => screen.file))].sort(),
    );
  });
});
