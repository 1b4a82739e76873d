import pg from 'pg';

/** A fresh database on `serverUrl`'s PostgreSQL server, for one run, dropped by `drop()`. */
export async function freshPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `erti_run_${Date.now()}_${process.pid}`;
  const asServer = async (query: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(query);
    } finally {
      await admin.end();
    }
  };
  await asServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asServer(`drop database if exists ${name} with (force)`) };
}
