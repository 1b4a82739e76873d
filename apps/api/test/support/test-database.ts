import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const cacheDir = fileURLToPath(
  new URL('../../../../node_modules/.cache/erti-test-database', import.meta.url),
);

/** What the migrations are: a new digest, a new image or template. */
function migrationsDigest(): string {
  const migrations = createHash('sha256');
  for (const name of readdirSync(migrationsDir, { recursive: true }).map(String).sort())
    if (name.endsWith('.sql') || name.endsWith('.json'))
      migrations.update(name).update(readFileSync(join(migrationsDir, name)));
  return migrations.digest('hex').slice(0, 16);
}

/**
 * The migrated, empty embedded database as an image, made once for these migrations and kept in
 * node_modules/.cache. A new PGlite spends most of its start on initdb (tens of seconds on a busy
 * 2-core machine, once per test file); one opened from an image skips initdb and the migrations.
 */
let migratedImage: Promise<ArrayBuffer> | undefined;
function migratedDatabaseImage(): Promise<ArrayBuffer> {
  migratedImage ??= (async () => {
    const file = join(cacheDir, `${migrationsDigest()}.tar`);
    try {
      const cached = readFileSync(file);
      return cached.buffer.slice(cached.byteOffset, cached.byteOffset + cached.byteLength);
    } catch {
      const database = await openDatabase({ dataDir: 'memory://' });
      await database.migrate();
      const image = await (database.image as () => Promise<ArrayBuffer>)();
      await database.close();
      // Another test process may write it too: each writes its own file, then moves it in whole.
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(`${file}.${process.pid}`, Buffer.from(image));
      renameSync(`${file}.${process.pid}`, file);
      return image;
    }
  })();
  return migratedImage;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the TEST_DATABASE_URL server when the suite runs in its PostgreSQL project.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', image: await migratedDatabaseImage() });
    // Finds every migration applied: the image's journal says so.
    await database.migrate();
    return database;
  }
  const name = `erti_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await copyOfMigratedTemplate(admin, serverUrl, name);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: '' });
  // Finds every migration applied: the template's journal says so.
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await untilDisconnected(dropper, name);
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Test processes take turns at the template: a copy is refused while another session is in it. */
const TEMPLATE_LOCK = 70_461;

/**
 * Creates `name` as a copy of the migrated template for these migrations, first migrating the
 * template if the server has none (and dropping templates of older migrations): a copy takes a
 * fraction of the migrations' time, once per test file.
 */
async function copyOfMigratedTemplate(admin: pg.Client, serverUrl: string, name: string): Promise<void> {
  const template = `erti_test_template_${migrationsDigest()}`;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'erti\\_test\\_template\\_%'",
    );
    for (const { datname } of rows.filter((row) => row.datname !== template))
      await admin.query(`drop database if exists ${datname} with (force)`);
    if (!rows.some((row) => row.datname === template)) {
      await admin.query(`create database ${template}`);
      const migrating = await openDatabase({ url: databaseUrl(serverUrl, template), dataDir: '' });
      try {
        await migrating.migrate();
      } finally {
        await migrating.close();
      }
      await untilDisconnected(admin, template);
    }
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/**
 * Waits (up to 5 s) until no session is connected to `name`. The pool's `end()` resolves as soon as
 * it has asked its connections to close, not when they have, and a forced drop in that moment kills a
 * closing connection (before decision 059 its error reached no listener and failed the run).
 */
async function untilDisconnected(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ connected: number }>(
      'select count(*)::int as connected from pg_stat_activity where datname = $1',
      [name],
    );
    if ((rows[0]?.connected ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** PostgreSQL's error for a session the server ended (pg_terminate_backend), as pg reports it. */
export function sessionEnded(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}
