import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/modules/accounts/accounts.repository.ts';

/**
 * The embedded database runs in a worker thread (decision 057): the api's event loop stays free while
 * it works, and what drizzle relies on (rows, PostgreSQL's error codes, transactions that hold the
 * database until they end) crosses the thread unchanged.
 */
describe('embedded database in its own thread', () => {
  // On disk, as `npm start` runs it.
  const dataDir = mkdtempSync(join(tmpdir(), 'erti-thread-'));
  // Scripts run in processes of their own, beside the data directory rather than in it.
  const scriptsDir = mkdtempSync(join(tmpdir(), 'erti-thread-scripts-'));
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ dataDir });
    await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
  });

  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scriptsDir, { recursive: true, force: true });
  });

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  // Opening a database is slow on a busy machine: the set-up must not race the test's limit.
  it('opens another database from its image, as it was, and apart from it', async () => {
    await database.db.execute(sql`insert into notes values (70, 'before the image')`);
    const image = await (database.image as () => Promise<ArrayBuffer>)();
    await database.db.execute(sql`insert into notes values (71, 'after the image')`);
    const copy = await openDatabase({ dataDir: 'memory://', image });
    try {
      const rows = rowsOf<{ id: number }>(await copy.db.execute(sql`select id from notes where id >= 70`));
      expect(rows.map((row) => row.id)).toEqual([70]);
      await copy.db.execute(sql`insert into notes values (72, 'in the copy only')`);
    } finally {
      await copy.close();
    }
    const original = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from notes where id >= 70`),
    );
    expect(original.map((row) => row.id).sort()).toEqual([70, 71]);
    await database.db.execute(sql`delete from notes where id >= 70`);
  }, 180_000);

  /** Runs `body` in a process of its own, with PGliteThread imported, as the api would run it. */
  function runScript(name: string, body: string) {
    const script = join(scriptsDir, name);
    const threadModule = fileURLToPath(new URL('../src/db/pglite-thread.ts', import.meta.url));
    writeFileSync(script, `import { PGliteThread } from ${JSON.stringify(threadModule)};\n${body}`);
    return spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 });
  }

  /** How many turns the event loop had while `work` ran. */
  async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; result: T }> {
    let turns = 0;
    let running = true;
    const turn = () => {
      if (!running) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    const result = await work();
    running = false;
    return { turns, result };
  }

  /** A query that takes PGlite a few ms: the sum of 1 to 20,000, as text. */
  const sumOfSeries = async () => {
    const result = await database.db.execute(
      sql`select sum(n)::text as total from generate_series(1, 20000) as n`,
    );
    return rowsOf<{ total: string }>(result)[0]?.total;
  };

  it('keeps the event loop turning while 200 queries run, and answers each of them', async () => {
    const { turns, result } = await loopTurnsDuring(() =>
      Promise.all(Array.from({ length: 200 }, sumOfSeries)),
    );
    expect(result).toEqual(Array(200).fill('200010000'));
    // The queries take the worker several hundred ms; the loop, which only waits for their answers,
    // turns thousands of times meanwhile. On the loop itself (before 057) it had about a hundred.
    expect(turns).toBeGreaterThanOrEqual(500);
  });

  it('fails only the query that fails, with PostgreSQL’s error code', async () => {
    await database.db.execute(sql`insert into notes values (1, 'first')`);
    const answers = await Promise.allSettled([
      sumOfSeries(),
      database.db.execute(sql`insert into notes values (1, 'again')`),
      sumOfSeries(),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refused = answers[1] as PromiseRejectedResult;
    expect(isUniqueViolation(refused.reason)).toBe(true);
  });

  it('commits a transaction whole, and rolls a failed one back whole', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (2, 'kept')`);
      await tx.execute(sql`insert into notes values (3, 'kept too')`);
    });
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (4, 'dropped')`);
      await tx.execute(sql`insert into notes values (2, 'a duplicate')`);
    });
    await expect(failing).rejects.toSatisfy(isUniqueViolation);
    const rows = rowsOf<{ id: number }>(await database.db.execute(sql`select id from notes order by id`));
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('makes a query from outside wait until an open transaction ends', async () => {
    let releaseTransaction = () => {};
    const held = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    let inside = () => {};
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`update notes set body = 'changed' where id = 1`);
      inside();
      await held;
    });
    await entered;
    let answered = false;
    const outside = database.db.execute(sql`select body from notes where id = 1`).then((result) => {
      answered = true;
      return rowsOf<{ body: string }>(result)[0]?.body;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    releaseTransaction();
    await transaction;
    expect(await outside).toBe('changed');
  });

  it('refuses a parameter that cannot cross to the thread, and then lets an idle process end', () => {
    // Not closed on purpose: like a socket, the thread holds the process only while it owes an answer.
    const run = runScript(
      'idle-after-refusal.mts',
      `const thread = await PGliteThread.open('memory://');
      await thread.query('select $1::text as value', [() => 'a function']).catch((error) => console.log(error.name));
      console.log((await thread.query('select $1::text as value', ['text'])).rows[0].value);`,
    );
    expect(run.stdout.split('\n')).toEqual(['DataCloneError', 'text', '']);
    expect(run.status).toBe(0);
  });

  it('refuses queries once closed instead of leaving them waiting', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    await other.close();
    const refused = await other.db.execute(sql`select 1`).then(
      () => undefined,
      (error: Error) => error,
    );
    // drizzle wraps the driver's error as the cause of its own.
    expect((refused?.cause as Error | undefined)?.message).toMatch(/thread stopped/);
    expect(await other.ping()).toBe(false);
  });

  it('takes the api down when its thread dies, instead of leaving it up without a database', () => {
    // A message the worker does not know makes it throw: here it stands for any failure of the thread.
    const run = runScript(
      'lose-the-thread.mts',
      `const thread = await PGliteThread.open('memory://');
      thread.worker.postMessage({ id: 1, kind: 'no such kind' });
      setTimeout(() => console.log('still up'), 20_000);`,
    );
    expect(run.stderr).toContain('unknown message to the embedded database: no such kind');
    expect(run.stdout).not.toContain('still up');
    expect(run.status).toBe(1);
  });
});
