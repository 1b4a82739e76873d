import type { CatalogueState } from '@erti/contracts';
import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billers, syncState } from '../../db/schema/catalog.ts';
import { jobs } from '../../db/schema/jobs.ts';

/** The billers we offer. A whole-table count: the sync takes it once and keeps it with its record. */
export async function countActiveBillers(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(billers).where(eq(billers.status, 'ACTIVE'));
  return row?.total ?? 0;
}

/** Where the sync leaves its traces: its job kind, the first start's job, its `sync_state` row. */
export interface SyncNames {
  job: string;
  firstJobKey: string;
  state: string;
}

/**
 * The catalogue's state from the database, so every replica reports the same: the billers we
 * offer as the last complete sync counted them (counted here only before any sync has kept a
 * count: the first start, or data from before syncs kept one), when that sync began, and whether
 * a sync job holds its lock now or the first start's sync is still waiting for the network.
 */
export async function readCatalogueState(executor: Executor, names: SyncNames): Promise<CatalogueState> {
  const [[lastSync], [underway]] = await Promise.all([
    executor
      .select({ syncedAt: syncState.syncedAt, detail: syncState.detail })
      .from(syncState)
      .where(eq(syncState.name, names.state)),
    executor
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, names.job),
          or(
            and(eq(jobs.status, 'running'), gt(jobs.lockedUntil, sql`now()`)),
            and(eq(jobs.status, 'queued'), eq(jobs.dedupeKey, names.firstJobKey)),
          ),
        ),
      )
      .limit(1),
  ]);
  const kept = lastSync?.detail?.activeBillers;
  return {
    billers: typeof kept === 'number' ? kept : await countActiveBillers(executor),
    lastSyncAt: lastSync?.syncedAt.toISOString() ?? null,
    syncing: underway !== undefined,
  };
}
