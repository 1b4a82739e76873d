import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository function runs its SQL on: the database or the caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database: real PostgreSQL when a URL is given, else embedded PGlite in `dataDir`
 * (`memory://` for a throw-away one). PGlite allows one process per directory: a directory another
 * live process has open is refused with a DataDirInUseError that names `holder` (what this process
 * is, in the operator's words) of the process that has it.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  holder?: string;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  const onDisk = !options.dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(options.dataDir, { recursive: true });
  const release = onDisk ? lockDataDir(options.dataDir, options.holder ?? 'another process') : () => {};
  // pg_trgm backs the biller-name search index (migration 0001).
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } }).catch((error) => {
    release();
    throw error;
  });
  const pgliteDb = drizzlePglite(yieldingBeforeQueries(client), { schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite runs each query synchronously on the event loop, and its queue hands over from one query to
 * the next in promise callbacks: under load the whole queue ran back to back without the loop ever
 * reading a socket, so requests arrived in bursts between long silences. Starting each query on a
 * fresh turn of the loop lets requests come in between queries: 200 clients searching uncached
 * names got 1.7 to 2 times as many answers (decision 051). Transactions (`client.transaction`) are
 * left whole, so they stay short.
 */
function yieldingBeforeQueries(client: PGlite): PGlite {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return query(...args);
  }) as PGlite['query'];
  return client;
}
