import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billers } from '../src/db/schema/catalogue.ts';
import { builtOnce } from '../src/db/statement.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * The api's connections to a PostgreSQL server (decision 059): kept while idle, and replaced
 * without harm when the server closes one; the statements built once are prepared on each of them
 * once (decision 060). PostgreSQL only (the `api-postgres` project): the embedded database has no
 * connections.
 */
let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv();
});

afterAll(async () => {
  await env?.close();
});

/** Asks the server itself (from outside the api's pool), on this test file's database. */
async function asServer<Row>(query: string): Promise<Row[]> {
  const current = (await env.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(query, [current.rows[0]?.name]);
    return rows as Row[];
  } finally {
    await admin.end();
  }
}

/** The api's sessions on its database, as the server counts them. */
async function apiSessions(): Promise<number> {
  const [row] = await asServer<{ sessions: number }>(
    `select count(*)::int as sessions from pg_stat_activity
     where datname = $1 and application_name = 'erti-pay-api'`,
  );
  return row?.sessions ?? 0;
}

/** Opens `count` connections at once: each query holds its own until it ends. */
const busyAtOnce = (count: number) =>
  Promise.all(Array.from({ length: count }, () => env.database.db.execute(sql`select pg_sleep(0.2)`)));

/** Ends every session of the api on its database (other test files have their own), as a server restart would. */
async function closeApiSessionsFromTheServer(): Promise<number> {
  const ended = await asServer<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = $1 and application_name = 'erti-pay-api'`,
  );
  return ended.filter((row) => row.ended).length;
}

describe('the connections to PostgreSQL', () => {
  it('are kept while idle, so the next burst does not wait for new ones', { timeout: 30_000 }, async () => {
    await busyAtOnce(3);
    expect(await apiSessions()).toBeGreaterThanOrEqual(3);
    // pg's own default closes a connection idle for 10 s.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await apiSessions()).toBeGreaterThanOrEqual(3);
  });

  it('survive the server closing them while idle: the api logs it and answers as before', async () => {
    const warn = vi.spyOn(env.app.log, 'warn');
    await busyAtOnce(2);
    expect(await closeApiSessionsFromTheServer()).toBeGreaterThanOrEqual(2);
    await vi.waitFor(
      () =>
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.objectContaining({ code: '57P01' }) }),
          'the database closed an idle connection; the pool opens a new one when needed',
        ),
      { timeout: 5_000 },
    );
    expect(await env.database.ping()).toBe(true);
    const health = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(await apiSessions()).toBeGreaterThanOrEqual(1);
  });

  it('survive the server ending a session lent to a transaction: the transaction fails, the api carries on', async () => {
    const inTransaction = env.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Between two statements the session is idle and lent out, as while a transaction awaits anything else.
      expect(await closeApiSessionsFromTheServer()).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(inTransaction).rejects.toThrow();
    expect(await env.database.ping()).toBe(true);
    const health = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('prepare a statement built once by name, once per connection, and run it with new values', async () => {
    const selection = { billerId: billers.billerId };
    const billerById = builtOnce(
      (executor) =>
        executor
          .select(selection)
          .from(billers)
          .where(eq(billers.billerId, sql.placeholder('id'))),
      selection,
    );
    const prepared = await env.database.db.transaction(async (tx) => {
      await billerById(tx, { id: 'NO-SUCH-BILLER-1' });
      await billerById(tx, { id: 'NO-SUCH-BILLER-2' });
      const result = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where name like 'erti_statement_%'`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      return result.rows.filter((row) => row.statement.includes('"biller_id" = $1'));
    });
    expect(prepared).toHaveLength(1);
  });
});
