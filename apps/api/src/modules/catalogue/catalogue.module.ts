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

/**
 * The catalogue: biller, plan and coverage master data, synchronised from Bharat Connect into our
 * database at first start, then every `BILLER_SYNC_MINUTES` (a durable job; every replica enqueues
 * the same time slot, the dedupe key keeps one) and on demand by a merchant.
 */
export function createCatalogueModule(deps: AppDeps): AppModule {
  const bbps = bbpsClientFromConfig(deps.config, deps.recordOutsideCall);
  const catalogue = createCatalogueService({ db: deps.db });
  const syncCatalogue = createCatalogueSync({ db: deps.db, bbps, logger: deps.logger });
  const intervalMs = deps.config.BILLER_SYNC_MINUTES * 60_000;

  async function syncNow() {
    try {
      return await syncCatalogue();
    } finally {
      catalogue.invalidate();
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
      await syncNow();
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
          return await syncNow();
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
      if ((await countBillers(deps.db)) > 0) return;
      await enqueueJob(
        deps.db,
        CATALOGUE_SYNC_JOB,
        { reason: 'first' },
        { dedupeKey: FIRST_SYNC_KEY, maxAttempts: 60 },
      );
    },
  };
}
