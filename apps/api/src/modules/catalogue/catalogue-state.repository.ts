import type { CatalogueState } from '@erti/contracts';
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billers, syncRuns, syncState } from '../../db/schema/catalogue.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { newId } from '../../lib/ids.ts';

/** The billers we offer. A whole-table count: the sync takes it once and keeps it with its record. */
export async function countActiveBillers(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(billers).where(eq(billers.status, 'ACTIVE'));
  return row?.total ?? 0;
}

/**
 * Marks a sync of `name` as under way for `leaseSeconds` (database time, so every replica agrees)
 * and clears the marks of syncs that died without ending. Returns the mark's id.
 */
export async function beginSyncRun(executor: Executor, name: string, leaseSeconds: number): Promise<string> {
  const id = newId('syn');
  await executor.delete(syncRuns).where(and(eq(syncRuns.name, name), lt(syncRuns.heldUntil, sql`now()`)));
  await executor.insert(syncRuns).values({ id, name, heldUntil: leaseEnd(leaseSeconds) });
  return id;
}

/** Keeps a running sync's mark alive for another `leaseSeconds`. */
export async function renewSyncRun(executor: Executor, id: string, leaseSeconds: number): Promise<void> {
  await executor
    .update(syncRuns)
    .set({ heldUntil: leaseEnd(leaseSeconds) })
    .where(eq(syncRuns.id, id));
}

export async function endSyncRun(executor: Executor, id: string): Promise<void> {
  await executor.delete(syncRuns).where(eq(syncRuns.id, id));
}

const leaseEnd = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** The sync's traces: its job kind, the first start's job, its name in `sync_state` and `sync_runs`. */
export interface SyncNames {
  job: string;
  firstJobKey: string;
  state: string;
}

/**
 * The catalogue's state from the database, so every replica reports the same: the billers we
 * offer as the last complete sync counted them (counted here only before any sync has kept a
 * count: the first start, or data from before syncs kept one), when that sync began, and whether
 * a sync is under way: one holds a live `sync_runs` mark (however it was started), or the first
 * start's sync job is still waiting for the network (queued) or about to take its mark (running).
 */
export async function readCatalogueState(executor: Executor, names: SyncNames): Promise<CatalogueState> {
  const [[lastSync], [underway]] = await Promise.all([
    executor
      .select({ syncedAt: syncState.syncedAt, detail: syncState.detail })
      .from(syncState)
      .where(eq(syncState.name, names.state)),
    executor
      .select({ id: syncRuns.id })
      .from(syncRuns)
      .where(and(eq(syncRuns.name, names.state), gt(syncRuns.heldUntil, sql`now()`)))
      .unionAll(
        executor
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            and(
              eq(jobs.kind, names.job),
              eq(jobs.dedupeKey, names.firstJobKey),
              inArray(jobs.status, ['queued', 'running']),
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
