import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ChangeNotices, listeningChangeNotices, localChangeNotices } from './change-notices.ts';
import { retryWhileConnectionLost } from './connection-retry.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { advisoryLocks, type OneAtATime, processLocks } from './one-at-a-time.ts';
import { PGliteThread } from './pglite-thread.ts';
import { PRIVATE_DIR_MODE } from './private-files.ts';
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
  /**
   * Hears of a connection the server closed while the api was not using it (a restart, a failover,
   * an administrator); the pool has dropped it already and opens a new one when needed.
   */
  onConnectionLost(listener: (error: Error) => void): void;
  /** Tells every replica on this database of a change, so that each forgets its copy (decision 069). */
  notices: ChangeNotices;
  /** Work that runs on one replica at a time (decision 069). */
  oneAtATime: OneAtATime;
  /** The embedded database only: its data directory as a tar, an image to open another from. */
  image?(): Promise<ArrayBuffer>;
  close(): Promise<void>;
}

/** The lock the migrations run under: replicas starting together migrate once (decision 069). */
const MIGRATIONS_LOCK = 'migrations';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * How the api holds its PostgreSQL connections (decision 059). pg closes a connection that has been
 * idle for 10 s, and the next burst then waits for a new backend to start and warm its caches: on
 * the bench machine that stalled every order for 100 to 300 ms about every 10 s. So a connection, once
 * opened, is kept (at most `max` of them); TCP keep-alive finds one a network device dropped while
 * idle, and the name shows the api's sessions in pg_stat_activity.
 */
const POOL_OPTIONS = {
  max: 10,
  idleTimeoutMillis: 0,
  keepAlive: true,
  application_name: 'erti-pay-api',
} satisfies pg.PoolConfig;

/** Whether the server answers a query on one of the pool's connections. */
async function answers(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}

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
  /** The embedded database starts from this image (`image()`'s tar) rather than empty. */
  image?: ArrayBuffer;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, ...POOL_OPTIONS });
    let connectionLost: (error: Error) => void = () => {};
    // Unheard, an 'error' on the pool would end the process.
    pool.on('error', (error) => connectionLost(error));
    // The pool hears a connection's error only while the connection is idle in it. One lent out (a
    // transaction's, between its statements) that the server ends would emit an error nobody hears,
    // which ends the process: found by the chaos run ending sessions with pg_terminate_backend. The
    // statement in flight fails with the error anyway, and the pool drops the connection when it comes
    // back, since it can no longer be queried.
    pool.on('connect', (connection) => connection.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const notices = listeningChangeNotices(options.url);
    const oneAtATime = advisoryLocks(pool);
    return {
      db,
      kind: 'postgres',
      // The others wait for the lock, then find every migration applied. A session ended under them
      // (the chaos run's replicas found it) rolls their transaction back: they are run again.
      migrate: () =>
        retryWhileConnectionLost(() =>
          oneAtATime.after(MIGRATIONS_LOCK, () =>
            migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
          ),
        ),
      // A second try: a connection the server closed a moment ago may not have left the pool yet,
      // and its failure says nothing of the server.
      ping: async () => (await answers(pool)) || answers(pool),
      onConnectionLost: (listener) => {
        connectionLost = listener;
      },
      notices,
      oneAtATime,
      close: async () => {
        await notices.close();
        await pool.end();
      },
    };
  }
  const onDisk = !options.dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const release = onDisk ? lockDataDir(options.dataDir, options.holder ?? 'another process') : () => {};
  const client = await PGliteThread.open(options.dataDir, options.image).catch((error) => {
    release();
    throw error;
  });
  const pgliteDb = drizzlePglite(client.asPGlite(), { schema });
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
    // The embedded database runs in this process: it has no connection to lose.
    onConnectionLost: () => {},
    notices: localChangeNotices(),
    oneAtATime: processLocks(),
    image: () => client.dump(),
    close: async () => {
      await client.close();
      release();
    },
  };
}
