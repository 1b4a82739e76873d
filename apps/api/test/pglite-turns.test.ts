import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';

/**
 * PGlite runs queries on the api's own event loop. Waiting queries take turns with it (decision 054):
 * a flood of them must not hold the loop for the whole flood, or no socket is read and no connection
 * accepted until it ends.
 */
describe('embedded database under a flood of queries', () => {
  // On disk, as `npm start` runs it.
  const dataDir = mkdtempSync(join(tmpdir(), 'erti-turns-'));
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ dataDir });
  });

  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

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
    return (result as unknown as { rows: { total: string }[] }).rows[0]?.total;
  };

  it('gives the event loop turns while 200 queries wait, and answers each of them', async () => {
    const { turns, result } = await loopTurnsDuring(() =>
      Promise.all(Array.from({ length: 200 }, sumOfSeries)),
    );
    expect(result).toEqual(Array(200).fill('200010000'));
    // 200 queries of a few ms each, 4 ms of queries a turn: about a hundred turns, on a slower machine
    // more. Had every waiting query run in one turn, the loop would have had one.
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('fails only the query that fails', async () => {
    const answers = await Promise.allSettled([
      sumOfSeries(),
      database.db.execute(sql`select * from a_table_that_is_not_there`),
      sumOfSeries(),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
