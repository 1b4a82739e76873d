import { readFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-notices.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createSmtpMailer } from '../src/integrations/mail/mailer.ts';
import { enqueueJob, runDueJobs } from '../src/jobs/job-queue.ts';
import { CATALOGUE_SYNC_JOB } from '../src/modules/catalogue/catalogue.sync.ts';
import { billersOf, syncCatalogue } from './support/bill-network.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * Several api replicas on one PostgreSQL database (decision 069): a sync in one reaches the cached
 * reads of the other within a second, through a listener that survives its session being ended;
 * due sync jobs run one sync at a time; replicas starting together migrate once. PostgreSQL only
 * (the `api-postgres` project): the embedded database is one process.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const CATEGORY = 'Electricity';

/** Replica A (with the sandbox) and replica B, a second app and pool on the same database. */
let env: TestEnv;
let databaseName: string;
let other: { built: BuiltApp; database: DatabaseHandle };

const urlOf = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs `query` as an outside session on the server (`$1` is this file's database). */
async function asServer<Row>(query: string, values: unknown[] = [databaseName]): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(query, values)).rows as Row[];
  } finally {
    await admin.end();
  }
}

/** Rows of a query on this file's database. */
async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await env.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The replicas' listening sessions that have run their LISTEN. */
async function listening(): Promise<number> {
  const [row] = await asServer<{ count: number }>(
    `select count(*)::int as count from pg_stat_activity
     where datname = $1 and application_name = $2 and query ilike 'listen %'`,
    [databaseName, LISTENER_APPLICATION_NAME],
  );
  return row?.count ?? 0;
}

const untilBothListen = () =>
  vi.waitFor(async () => expect(await listening()).toBe(2), { timeout: 10_000, interval: 50 });

/**
 * The name replica B answers for `billerId` in its category list (cached as any read); each test
 * reads its own `address`, which no earlier test has cached.
 */
async function nameOnB(billerId: string, address: string): Promise<string | undefined> {
  const response = await other.built.app.inject({
    method: 'GET',
    url: `/api/bbps/prod/${CATEGORY}${address}`,
  });
  const list = response.json() as { billerId: string; billerName: string }[];
  return list.find((biller) => biller.billerId === billerId)?.billerName;
}

/** Changes a biller's name in the database behind every replica's back (no notice). */
async function rename(billerId: string, name: string): Promise<void> {
  await env.database.db.execute(
    sql`update billers set record = jsonb_set(record, '{billerName}', to_jsonb(${name}::text))
        where biller_id = ${billerId}`,
  );
}

/** How long after `start` replica B first answers a name other than `stale` (up to 5 s). */
async function msUntilBForgets(billerId: string, address: string, stale: string, start: number) {
  while (Date.now() - start < 5_000) {
    if ((await nameOnB(billerId, address)) !== stale) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

beforeAll(async () => {
  env = await startTestEnv();
  const [current] = (
    (await env.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  databaseName = current?.name ?? '';
  const database = await openDatabase({ url: urlOf(databaseName), dataDir: '' });
  const built = await buildApp({ config: env.config, database, mailer: createSmtpMailer(env.config) });
  other = { built, database };
  await syncCatalogue(env);
});

afterAll(async () => {
  await other?.built.app.close();
  await other?.database.close();
  await env?.close();
});

describe('cached reads across replicas', () => {
  it('a sync in one replica reaches the cached list of the other within a second', async () => {
    await untilBothListen();
    const [biller] = await billersOf(env, CATEGORY);
    if (!biller) throw new Error(`no ${CATEGORY} billers`);
    const address = '';
    await rename(biller.billerId, 'Stale copy');
    expect(await nameOnB(biller.billerId, address)).toBe('Stale copy');
    await rename(biller.billerId, 'Changed, but B keeps its copy');
    expect(await nameOnB(biller.billerId, address)).toBe('Stale copy');

    await syncCatalogue(env);
    const ms = await msUntilBForgets(biller.billerId, address, 'Stale copy', Date.now());
    expect(ms).toBeLessThan(1_000);
    expect(await nameOnB(biller.billerId, address)).toBe(biller.billerName);
  });

  it('the listener reconnects after its session is ended, forgets what it kept, and hears the next sync', async () => {
    await untilBothListen();
    const warn = vi.spyOn(other.built.app.log, 'warn');
    const [biller] = await billersOf(env, CATEGORY);
    if (!biller) throw new Error(`no ${CATEGORY} billers`);
    const address = '?offset=0';
    await rename(biller.billerId, 'Stale copy');
    expect(await nameOnB(biller.billerId, address)).toBe('Stale copy');
    // Changed while nobody can hear of it: the reconnected replica must not trust its copy.
    await rename(biller.billerId, 'Changed while deaf');

    const ended = await asServer<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = $1 and application_name = $2`,
      [databaseName, LISTENER_APPLICATION_NAME],
    );
    expect(ended.filter((row) => row.ended)).toHaveLength(2);
    await untilBothListen();
    await vi.waitFor(async () => expect(await nameOnB(biller.billerId, address)).toBe('Changed while deaf'));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.anything() }),
      'change notices interrupted; reconnecting, then every cache is forgotten',
    );

    await syncCatalogue(env);
    const ms = await msUntilBForgets(biller.billerId, address, 'Changed while deaf', Date.now());
    expect(ms).toBeLessThan(1_000);
  });
});

describe('periodic jobs across replicas', () => {
  it('two sync jobs due at once on two replicas run one sync, and both jobs end', async () => {
    const loggers = [...new Set([env.app.log, other.built.app.log])];
    const spies = loggers.map((logger) => vi.spyOn(logger, 'info'));
    const syncs = () =>
      spies.flatMap((spy) => spy.mock.calls).filter((call) => call[1] === 'biller master data synchronised')
        .length;
    // Two slots due together, as when replicas mid-rollout schedule on different grids.
    for (const slot of ['replica-a', 'replica-b']) {
      await enqueueJob(
        env.database.db,
        CATALOGUE_SYNC_JOB,
        { reason: 'scheduled' },
        { dedupeKey: `test-${slot}-${Date.now()}` },
      );
    }
    // Each sync stops before it records itself until the test lets go, so that two would overlap.
    const holder = new pg.Client({ connectionString: urlOf(databaseName) });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table sync_state in exclusive mode');
    let finished = 0;
    const runs = [env, { built: other.built, database: other.database }].map((replica) =>
      runDueJobs(replica.database.db, replica.built.jobHandlers, replica.built.app.log, 1).finally(() => {
        finished += 1;
      }),
    );
    const underway = async () =>
      (await rowsOf<{ count: number }>(sql`select count(*)::int as count from sync_runs`))[0]?.count ?? 0;
    await vi.waitFor(
      async () => {
        if (finished === 0 && (await underway()) < 2) throw new Error('neither skipped nor both under way');
      },
      { timeout: 20_000, interval: 50 },
    );
    await holder.query('commit');
    await holder.end();
    expect(await Promise.all(runs)).toEqual([1, 1]);

    expect(syncs()).toBe(1);
    const jobs = await rowsOf<{ status: string }>(
      sql`select status from jobs where kind = ${CATALOGUE_SYNC_JOB} and dedupe_key like 'test-%'`,
    );
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done']);
  });
});

describe('migrations', () => {
  it('three replicas starting together on a fresh database all start, and the migrations run once', async () => {
    const name = `erti_test_migrate_${process.pid}_${Date.now()}`;
    await asServer(`create database ${name}`, []);
    const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ url: urlOf(name), dataDir: '' })));
    try {
      await Promise.all(replicas.map((replica) => replica.migrate()));
      const journal = JSON.parse(
        readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const applied = (await replicas[0]?.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { count: number }[] };
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await asServer(`drop database if exists ${name} with (force)`, []);
    }
  });
});
