import { type CatalogueState, READINESS_CHECKS, type ReadinessResponse } from '@erti/contracts';
import { migrationsAppliedReader } from '../../db/migrations-state.ts';
import { catalogueStateReader } from '../catalogue/index.ts';
import type { AppDeps } from '../module.ts';

/** A check that could not be made (the database did not answer) counts as failed. */
const failedIfThrows = (check: () => Promise<boolean>) => check().catch(() => false);

/**
 * Readiness (decision 066): the database answers, every migration is applied, the catalogue is
 * loaded (a sync has ended, or billers are there from before syncs kept a record) and the process
 * is not shutting down. The catalogue's state is the one `/api/health` reads, reused for a moment.
 */
export function createReadiness(
  deps: Pick<AppDeps, 'database' | 'db' | 'lifecycle'>,
  catalogueState: () => Promise<CatalogueState>,
): () => Promise<ReadinessResponse> {
  const migrationsApplied = migrationsAppliedReader();
  return async () => {
    const [database, migrations, catalogue] = await Promise.all([
      deps.database.ping(),
      failedIfThrows(() => migrationsApplied(deps.db)),
      failedIfThrows(async () => {
        const state = await catalogueState();
        return state.lastSyncAt !== null || state.billers > 0;
      }),
    ]);
    const checks = { database, migrations, catalogue, accepting: !deps.lifecycle.stopping };
    const failed = READINESS_CHECKS.filter((name) => !checks[name]);
    return { status: failed.length === 0 ? 'ready' : 'not ready', checks, failed };
  };
}

/** Whether the replica is ready now, by the same checks: the metrics' `erti_ready` (decision 130). */
export function readinessReader(
  deps: Pick<AppDeps, 'database' | 'db' | 'lifecycle'>,
): () => Promise<boolean> {
  const readiness = createReadiness(deps, catalogueStateReader(deps.db));
  return async () => (await readiness()).status === 'ready';
}
