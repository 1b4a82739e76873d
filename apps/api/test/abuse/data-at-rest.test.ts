import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiProcesses } from '../support/api-process.ts';

/**
 * Issue 35, item 2: data at rest. The embedded database's directory holds customers' e-mails and phone
 * numbers (its tables, its write-ahead log): no other local user may read or write any of it.
 */
const processes = apiProcesses();
let parent: string | undefined;
afterEach(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
  parent = undefined;
});

/** Every path under `dir` (itself included) with its permission bits. */
function modesUnder(dir: string): { path: string; mode: number; directory: boolean }[] {
  const stat = statSync(dir);
  const here = { path: dir, mode: stat.mode & 0o777, directory: stat.isDirectory() };
  if (!stat.isDirectory()) return [here];
  return [here, ...readdirSync(dir).flatMap((name) => modesUnder(join(dir, name)))];
}

/** Long: on a busy machine a new embedded database takes a minute to create and migrate. */
const STARTS_WITHIN_MS = 150_000;

const openToOthers = (dir: string) =>
  modesUnder(dir)
    .filter((entry) => (entry.mode & 0o077) !== 0)
    .map((entry) => `${entry.path.slice(dir.length)} ${entry.mode.toString(8)}`);

describe.runIf(process.env.TEST_DB_DRIVER !== 'postgres')('the embedded database directory', () => {
  it('is created 0700, and everything the api writes in it is its own user’s alone', async () => {
    parent = mkdtempSync(join(tmpdir(), 'erti-data-at-rest-'));
    const dataDir = join(parent, 'new', 'data');
    const api = await processes.start({ DATA_DIR: dataDir });
    await api.ready(STARTS_WITHIN_MS, 'live');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(modesUnder(dataDir).filter((entry) => !entry.directory).length).toBeGreaterThan(10);
    expect(openToOthers(dataDir)).toEqual([]);
    // A new database is no repair: no warning that an older version had left it open.
    expect(api.logs.filter((line) => /modes made private/.test(line.msg ?? ''))).toEqual([]);
  }, 240_000);

  it('made open to others by an older version is repaired at start, with one log line', async () => {
    parent = mkdtempSync(join(tmpdir(), 'erti-data-at-rest-'));
    const dataDir = join(parent, 'data');
    const first = await processes.start({ DATA_DIR: dataDir });
    await first.ready(STARTS_WITHIN_MS, 'live');
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    // As the old code left it: directories 0755, files 0666.
    const entries = modesUnder(dataDir);
    for (const entry of entries) chmodSync(entry.path, entry.directory ? 0o755 : 0o666);
    expect(openToOthers(dataDir).length).toBe(entries.length);

    const again = await processes.start({ DATA_DIR: dataDir });
    await again.ready(STARTS_WITHIN_MS, 'live');
    expect(openToOthers(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const repairs = again.logs.filter((line) => /modes made private/.test(line.msg ?? ''));
    expect(repairs).toHaveLength(1);
    expect(repairs[0]).toMatchObject({ repaired: entries.length });
  }, 400_000);
});
