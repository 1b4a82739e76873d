import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Executor } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Whether every migration this build carries is applied, as drizzle's migrator decides it: its
 * table holds a migration made (`created_at`, the journal's `when`) no earlier than our newest.
 * A replica that started while another was still migrating reads false until that one is done.
 */
export function migrationsAppliedReader(): (executor: Executor) => Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((file) => file.folderMillis));
  return async (executor) => {
    const result = await executor.execute(sql`
      select exists (
        select 1 from drizzle.__drizzle_migrations where created_at >= ${newest}
      ) as applied`);
    return (result as unknown as { rows: { applied: boolean }[] }).rows[0]?.applied === true;
  };
}
