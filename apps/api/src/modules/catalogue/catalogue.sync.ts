import { createHash } from 'node:crypto';
import type { CatalogueSyncResult } from '@erti/contracts';
import type { BbpsBiller, BbpsPlan } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { BbpsClient } from '../../integrations/bbps/bbps-client.ts';
import { planAmountPaise } from './catalogue.mappers.ts';
import {
  analyzeCatalogue,
  deactivateBillersSyncedBefore,
  planBillers,
  recordSync,
  replaceCircles,
  replaceLocations,
  replacePlans,
  setPlansDigest,
  upsertBillers,
} from './catalogue.repository.ts';
import { beginSyncRun, countActiveBillers, endSyncRun, renewSyncRun } from './catalogue-state.repository.ts';

/**
 * The durable job that synchronises the catalogue (first start, schedule). Its kind is stored in
 * `jobs` rows, so it keeps the spelling it was first queued with.
 */
export const CATALOGUE_SYNC_JOB = 'catalog.sync';
/** The first start's sync: queued while the catalogue is empty, retried until the network answers. */
export const FIRST_SYNC_KEY = `${CATALOGUE_SYNC_JOB}@first`;
/** The `sync_state` row of the catalogue: when its last complete sync began (a stored name, kept). */
export const CATALOGUE_SYNC_STATE = 'catalog';

/**
 * How long a sync's "under way" mark lasts unless renewed, and how often a running sync renews it:
 * a sync that dies with its process stops showing in health within a minute.
 */
const SYNC_LEASE_SECONDS = 60;
const SYNC_RENEW_MS = 20_000;

/** The largest page the network serves. */
const MDM_PAGE_SIZE = 1000;
/** Plan billers asked for in one plan MDM call. */
const PLAN_BATCH = 10;

const isUsable = (record: BbpsBiller) =>
  record.billerId !== '' && record.billerName !== '' && record.billerCategory !== '';

/** One page can repeat a biller; one INSERT … ON CONFLICT may touch a row only once. */
function uniqueById(records: BbpsBiller[]): BbpsBiller[] {
  return [...new Map(records.map((record) => [record.billerId, record])).values()];
}

/**
 * Copies the network's master data into our database: every biller (paged, each page upserted in
 * its own transaction), then plans and circles of the plan billers, then the coverage locations.
 * Idempotent: running it twice stores the same rows. Billers the network stopped listing are kept
 * but marked inactive, and only after a complete pass, so a short answer never hides the catalogue.
 * Every run, whoever started it, holds a `sync_runs` mark while it runs (health's `syncing`).
 */
export function createCatalogueSync(deps: { db: Database; bbps: BbpsClient; logger: FastifyBaseLogger }) {
  const { db, bbps } = deps;

  async function syncBillers(syncStart: Date): Promise<{ billers: number; deactivated: number }> {
    let page = 1;
    let received = 0;
    let stored = 0;
    let totalCount = 0;
    do {
      const answer = await bbps.billerMdmPage({ page, pageSize: MDM_PAGE_SIZE });
      totalCount = answer.totalCount;
      if (answer.billers.length === 0) break;
      received += answer.billers.length;
      const usable = uniqueById(answer.billers.filter(isUsable));
      if (usable.length < answer.billers.length) {
        deps.logger.warn(
          { page, skipped: answer.billers.length - usable.length },
          'unusable billers skipped',
        );
      }
      await db.transaction((tx) => upsertBillers(tx, usable, syncStart));
      stored += usable.length;
      page += 1;
    } while (received < totalCount);
    const complete = received > 0 && received >= totalCount;
    const deactivated = complete ? await deactivateBillersSyncedBefore(db, syncStart) : 0;
    return { billers: stored, deactivated };
  }

  /** Stores a plan biller's plans and circles unless they are what we stored last time. */
  async function storePlans(
    biller: { billerId: string; plansDigest: string | null },
    offered: BbpsPlan[],
    circles: string[],
    syncStart: Date,
  ): Promise<number> {
    const priced = offered.filter((plan) => planAmountPaise(plan) !== undefined);
    if (priced.length < offered.length) {
      const unreadable = offered.filter((plan) => !priced.includes(plan));
      deps.logger.warn(
        { billerId: biller.billerId, plans: unreadable.map((plan) => [plan.Id, plan.amountInRupees]) },
        'plans whose price cannot be read are not offered',
      );
    }
    const active = [
      ...new Map(priced.filter((plan) => plan.status !== 'INACTIVE').map((plan) => [plan.Id, plan])).values(),
    ];
    const digest = createHash('sha256')
      .update(JSON.stringify([active, circles]))
      .digest('base64url');
    if (digest === biller.plansDigest) return active.length;
    return db.transaction(async (tx) => {
      await replaceCircles(tx, biller.billerId, circles);
      const stored = await replacePlans(tx, biller.billerId, active, syncStart);
      await setPlansDigest(tx, biller.billerId, digest);
      return stored;
    });
  }

  async function syncPlans(syncStart: Date): Promise<{ plans: number; circles: number }> {
    const billers = await planBillers(db);
    let planCount = 0;
    let circleCount = 0;
    for (let start = 0; start < billers.length; start += PLAN_BATCH) {
      const batch = billers.slice(start, start + PLAN_BATCH);
      const [plans, circles] = await Promise.all([
        bbps.planMdm(batch.map((biller) => biller.billerId)),
        Promise.all(batch.map(async (biller) => (await bbps.circles(biller.billerId)) ?? [])),
      ]);
      for (const [index, biller] of batch.entries()) {
        const offered = plans.filter((plan) => plan.billerId === biller.billerId);
        const served = [...new Set((circles[index] ?? []).map((circle) => circle.trim()).filter(Boolean))];
        planCount += await storePlans(biller, offered, served, syncStart);
        circleCount += served.length;
      }
    }
    return { plans: planCount, circles: circleCount };
  }

  async function syncLocations(): Promise<number> {
    const locations = await bbps.locations();
    if (locations.length === 0) return 0;
    await db.transaction((tx) => replaceLocations(tx, locations));
    return locations.length;
  }

  /**
   * Runs `sync` while a `sync_runs` mark says it is under way, so health reports every sync, whether
   * a job or a merchant started it. The mark is renewed as it runs and deleted when it ends.
   */
  async function whileMarked<T>(sync: () => Promise<T>): Promise<T> {
    const id = await beginSyncRun(db, CATALOGUE_SYNC_STATE, SYNC_LEASE_SECONDS);
    const keepMark = () =>
      renewSyncRun(db, id, SYNC_LEASE_SECONDS).catch((error) =>
        deps.logger.warn({ err: error }, 'could not renew the sync mark'),
      );
    const renewal = setInterval(keepMark, SYNC_RENEW_MS);
    renewal.unref();
    try {
      return await sync();
    } finally {
      clearInterval(renewal);
      // A mark left behind by a failed delete lapses by itself; the sync's own outcome matters more.
      await endSyncRun(db, id).catch((error) =>
        deps.logger.warn({ err: error }, 'could not clear the sync mark'),
      );
    }
  }

  async function syncCatalogue(): Promise<CatalogueSyncResult> {
    const syncStart = new Date();
    const startedMs = performance.now();
    const billers = await syncBillers(syncStart);
    const plans = await syncPlans(syncStart);
    const locations = await syncLocations();
    const result = {
      ...billers,
      ...plans,
      locations,
      durationMs: Math.round(performance.now() - startedMs),
    };
    await analyzeCatalogue(db);
    // The count health reports, taken once here rather than on every health call.
    const activeBillers = await countActiveBillers(db);
    await recordSync(db, CATALOGUE_SYNC_STATE, syncStart, { ...result, activeBillers });
    deps.logger.info(result, 'biller master data synchronised');
    return result;
  }

  return (): Promise<CatalogueSyncResult> => whileMarked(syncCatalogue);
}
