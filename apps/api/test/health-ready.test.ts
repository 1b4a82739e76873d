import type { HealthResponse, LivenessResponse, ReadinessResponse } from '@erti/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syncCatalogue } from './support/bill-network.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * `GET /api/health/live` and `GET /api/health/ready` (decision 066) on a real database: PGlite, or
 * a PostgreSQL database of this file's own in the `api-postgres` project.
 */
let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const get = (url: string) => env.app.inject({ method: 'GET', url });

async function ready() {
  const response = await get('/api/health/ready');
  return { statusCode: response.statusCode, answer: response.json() as ReadinessResponse };
}

async function expectLive() {
  const response = await get('/api/health/live');
  expect(response.statusCode).toBe(200);
  expect((response.json() as LivenessResponse).status).toBe('live');
}

/** The newest applied migration's record, which `unapply` takes away and `reapply` puts back. */
const newestMigration = async () => {
  const result = await env.database.db.execute(
    sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return (result as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0];
};

/** This file's own database on the PostgreSQL server. */
async function databaseName(): Promise<string> {
  const result = await env.database.db.execute(sql`select current_database() as name`);
  return (result as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
}

/** Ends the sessions of database `name` and refuses new ones (`allow` undoes it). */
async function postgresConnections(name: string, allow: boolean) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} allow_connections ${allow}`);
    if (!allow) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    }
  } finally {
    await admin.end();
  }
}

describe('GET /api/health/live and /api/health/ready', () => {
  it('is live, and not ready before the catalogue has been loaded once', async () => {
    await expectLive();
    const { statusCode, answer } = await ready();
    expect(statusCode).toBe(503);
    expect(answer).toEqual({
      status: 'not ready',
      checks: { database: true, migrations: true, catalogue: false, accepting: true },
      failed: ['catalogue'],
    });
  });

  it('is ready once the catalogue is loaded', async () => {
    await syncCatalogue(env);
    await vi.waitFor(async () => expect((await ready()).statusCode).toBe(200), { timeout: 5_000 });
    expect((await ready()).answer).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, catalogue: true, accepting: true },
      failed: [],
    });
  });

  it('is not ready while a migration of this build is not applied', async () => {
    const newest = await newestMigration();
    if (!newest) throw new Error('no migration applied');
    await env.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const { statusCode, answer } = await ready();
      expect(statusCode).toBe(503);
      expect(answer.failed).toEqual(['migrations']);
    } finally {
      await env.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('lists the docs of both in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health/live', '/api/health/ready']));
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'is not ready while PostgreSQL refuses the database, and ready again when it comes back; live throughout',
    async () => {
      const name = await databaseName();
      await postgresConnections(name, false);
      try {
        await vi.waitFor(
          async () => {
            const { statusCode, answer } = await ready();
            expect(statusCode).toBe(503);
            expect(answer.checks.database).toBe(false);
            expect(answer.failed).toContain('database');
          },
          { timeout: 5_000 },
        );
        await expectLive();
        // The old answer does not change: degraded, with a 503.
        expect((await get('/api/health')).json()).toMatchObject({ status: 'degraded' });
      } finally {
        await postgresConnections(name, true);
      }
      await vi.waitFor(async () => expect((await ready()).statusCode).toBe(200), { timeout: 5_000 });
      await expectLive();
    },
  );

  it('turns not ready at once when the process begins to stop, and answers close their connections', async () => {
    env.built.lifecycle.beginStopping();
    const { statusCode, answer } = await ready();
    expect(statusCode).toBe(503);
    expect(answer.failed).toEqual(['accepting']);
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
    expect(((await get('/api/health')).json() as HealthResponse).status).toBe('ok');
  });

  it.runIf(process.env.TEST_DB_DRIVER !== 'postgres')(
    'is not ready once the embedded database is closed; live still answers',
    async () => {
      await env.database.close();
      const { statusCode, answer } = await ready();
      expect(statusCode).toBe(503);
      expect(answer.checks.database).toBe(false);
      expect(answer.failed).toContain('database');
      await expectLive();
    },
  );
});
