import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** Value imports (not `import type`) of a module: `import ... from 'x'`, `import 'x'`, `export ... from 'x'`. */
function valueImportsOf(source: string): string[] {
  const statements = source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?'([^']+)'/gm);
  return [...statements].map((statement) => statement[1] as string);
}

/** Every package a script loads, following its relative imports through the repository. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [resolve(benchDir, entry)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of valueImportsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return packages;
}

/**
 * The process that runs autocannon is half of what is measured: it shares the two cores with the
 * api. Loaded into it, vitest and Playwright made its garbage collection several times slower and
 * cut a catalogue read's share of the bare route from about 72% to about 60% (README, API speed).
 */
describe('the benches load no test runner or browser driver into the measuring process', () => {
  for (const entry of ['api.bench.ts', 'load.bench.ts']) {
    it(entry, () => {
      const loaded = [...packagesLoadedBy(entry)];
      expect(loaded.length).toBeGreaterThan(0);
      expect(loaded.filter((name) => name === 'vitest' || name.startsWith('playwright'))).toEqual([]);
    });
  }

  it('would notice one: the browser journeys load both', () => {
    const loaded = packagesLoadedBy('../e2e/support/bill-payment.ts');
    expect(loaded).toContain('vitest');
    expect(loaded).toContain('playwright-core');
  });
});
