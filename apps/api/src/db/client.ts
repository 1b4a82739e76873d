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
  const pgliteDb = drizzlePglite(takingTurnsWithTheLoop(client), { schema });
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

/** How long waiting queries may run back to back before the event loop gets its turn. */
const QUERY_TURN_MS = 4;

/**
 * PGlite runs each query synchronously on the event loop, so while queries run nothing else does:
 * no socket is read and no connection accepted. Queries therefore take turns with the loop. They
 * wait in one queue and run one after another, starting on a fresh turn of the loop, for up to
 * QUERY_TURN_MS; the rest wait for the next turn. Without the budget every waiting query ran in the
 * same turn: under a flood of uncached searches a turn took ~90 ms, Node accepted about one new
 * connection per turn, and a client's first request waited up to 10 s (decisions 051, 054).
 * Transactions (`client.transaction`) are left whole, so they stay short.
 */
function takingTurnsWithTheLoop(client: PGlite): PGlite {
  type QueryArgs = Parameters<PGlite['query']>;
  const query = client.query.bind(client) as (...args: QueryArgs) => Promise<unknown>;
  const waiting: (() => Promise<void>)[] = [];
  let turnScheduled = false;
  const runTurn = async () => {
    const startedAt = performance.now();
    while (waiting.length > 0 && performance.now() - startedAt < QUERY_TURN_MS) {
      await (waiting.shift() as () => Promise<void>)();
    }
    turnScheduled = waiting.length > 0;
    if (turnScheduled) setImmediate(runTurn);
  };
  client.query = ((...args: QueryArgs) =>
    new Promise<unknown>((resolve, reject) => {
      waiting.push(() => query(...args).then(resolve, reject));
      if (turnScheduled) return;
      turnScheduled = true;
      setImmediate(runTurn);
    })) as PGlite['query'];
  return client;
}
