import { CHANGES } from '../../db/change-notices.ts';
import type { Executor } from '../../db/client.ts';
import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import { BbpsUnavailableError, networkFailureToAppError } from '../../integrations/bbps/bbps-errors.ts';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { countBillers } from './catalogue.repository.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { CATALOGUE_SYNC_JOB, createCatalogueSync, FIRST_SYNC_KEY } from './catalogue.sync.ts';

/** While the network is not reachable at first start (it may start after us), try again soon. */
const FIRST_SYNC_RETRY_MS = 5_000;
/** The lock a sync holds on every replica of the database: one sync at a time (decision 069). */
const SYNC_LOCK = 'catalogue sync';

/**
 * The catalogue: biller, plan and coverage master data, synchronised from Bharat Connect into our
 * database at first start, then every `BILLER_SYNC_MINUTES` (a durable job; every replica enqueues
 * the same time slot, the dedupe key keeps one) and on demand by a merchant. One sync runs at a time
 * across the replicas, and each replica forgets its cached reads when any of them ends one.
 */
export function createCatalogueModule(deps: AppDeps): AppModule {
  const bbps = bbpsClientFromConfig(deps.config, deps.recordOutsideCall);
  const catalogue = createCatalogueService({ db: deps.db });
  const syncCatalogue = createCatalogueSync({ db: deps.db, bbps, logger: deps.logger });
  const intervalMs = deps.config.BILLER_SYNC_MINUTES * 60_000;

  // Every replica hears the notice, the one that ran the sync too: each rebuilds its search index
  // at once rather than on its first search (decision 070).
  deps.database.notices.subscribe(CHANGES.catalogue, () => {
    catalogue.invalidate();
    catalogue.warmSearch();
  });

  /**
   * Syncs under the replicas' lock: a merchant's sync waits for one under way to end, a job's is
   * skipped (the one under way brings the same data; a job whose lease ran out while its sync ran
   * long would otherwise start a second).
   */
  const syncAfterOthers = () => deps.database.oneAtATime.after(SYNC_LOCK, syncAndTell);
  const syncUnlessUnderway = () => deps.database.oneAtATime.unlessUnderway(SYNC_LOCK, syncAndTell);

  async function syncAndTell() {
    try {
      return await syncCatalogue();
    } finally {
      // This replica forgets at once; the others when the notice reaches them.
      catalogue.invalidate();
      await deps.database.notices
        .publish(deps.db, CHANGES.catalogue)
        .catch((error) => deps.logger.warn({ err: error }, 'could not tell the other replicas of the sync'));
    }
  }

  /** The next slot on the schedule's grid, so that every replica proposes the same job. */
  async function scheduleNextSync(executor: Executor): Promise<void> {
    const runAt = new Date((Math.floor(Date.now() / intervalMs) + 1) * intervalMs);
    await enqueueJob(
      executor,
      CATALOGUE_SYNC_JOB,
      { reason: 'scheduled' },
      { runAt, dedupeKey: `${CATALOGUE_SYNC_JOB}@${runAt.toISOString()}`, maxAttempts: 5 },
    );
  }

  const runSyncJob: JobHandler = async (job) => {
    if (job.payload.reason === 'scheduled') await scheduleNextSync(deps.db);
    try {
      await syncUnlessUnderway();
      return undefined;
    } catch (error) {
      if (job.payload.reason === 'first' && error instanceof BbpsUnavailableError) {
        deps.logger.warn({ err: error }, 'bill network not reachable yet; first biller sync retries');
        return { retryAfterMs: FIRST_SYNC_RETRY_MS };
      }
      throw error;
    }
  };

  return {
    name: 'catalogue',
    routes: catalogueRoutes({
      catalogue,
      syncNow: async () => {
        try {
          return await syncAfterOthers();
        } catch (error) {
          deps.logger.warn({ err: error }, 'biller sync on demand failed');
          throw networkFailureToAppError(error);
        }
      },
      macAddress: bbps.macAddress,
      auth: deps.auth,
    }),
    jobs: { [CATALOGUE_SYNC_JOB]: runSyncJob },
    onReady: async () => {
      await scheduleNextSync(deps.db);
      if ((await countBillers(deps.db)) > 0) {
        catalogue.warmSearch();
        return;
      }
      await enqueueJob(
        deps.db,
        CATALOGUE_SYNC_JOB,
        { reason: 'first' },
        { dedupeKey: FIRST_SYNC_KEY, maxAttempts: 60 },
      );
    },
  };
}
