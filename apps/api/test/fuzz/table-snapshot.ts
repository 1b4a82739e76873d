import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/**
 * What a refused request must not change: the row count of every table, and the content of the
 * tables that hold people and money (an update there would not show in a count).
 */
const CONTENT_CHECKED = new Set(['users', 'sessions', 'orders', 'refunds', 'saved_bills', 'complaints']);

export type TableSnapshot = Record<string, string>;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export async function tablesOf(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** One query for every table: `rows` and, for the checked tables, a digest of the content. */
export async function snapshotTables(db: Database, tables: string[]): Promise<TableSnapshot> {
  const parts = tables.map((table) => {
    const digest = CONTENT_CHECKED.has(table)
      ? `md5(coalesce(string_agg(t::text, '|' order by t::text), ''))`
      : `''`;
    return `select '${table}' as name, count(*)::text || ' ' || ${digest} as state from "${table}" t`;
  });
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(
    rowsOf<{ name: string; state: string }>(result).map((row) => [row.name, row.state]),
  );
}

/** The tables whose state differs, e.g. `['orders']`. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
