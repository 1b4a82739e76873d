import type { Biller, CatalogueState, Plan } from '@erti/contracts';
import type { Executor } from '../../db/client.ts';
import { toBiller, toPlan } from './catalogue.mappers.ts';
import { findBillerRecord, findPlanRow } from './catalogue.repository.ts';
import { CATALOGUE_SYNC_JOB, CATALOGUE_SYNC_STATE, FIRST_SYNC_KEY } from './catalogue.sync.ts';
import { readCatalogueState } from './catalogue-state.repository.ts';
import { TtlCache } from './ttl-cache.ts';

export { convenienceFee } from './convenience-fee.ts';

/** A stored biller in the spec's shape, and whether the network still offers it. */
export type CatalogueBiller = Biller & { active: boolean };

/**
 * Lookups other modules use (bills, payments, complaints): read from our copy of the master data,
 * inside the caller's transaction when given one.
 */
export async function findBiller(executor: Executor, billerId: string): Promise<CatalogueBiller | undefined> {
  const found = await findBillerRecord(executor, billerId);
  return found && { ...toBiller(found.record), active: found.active };
}

/** A plan of a biller and the amount the server charges for it, in paise. */
export async function findPlan(
  executor: Executor,
  billerId: string,
  planId: string,
): Promise<{ plan: Plan; amountPaise: number } | undefined> {
  const row = await findPlanRow(executor, billerId, planId);
  return row && { plan: toPlan(row.record), amountPaise: row.amountPaise };
}

/** How long a replica reuses the catalogue state it read: health stays cheap however often it is asked. */
const CATALOGUE_STATE_TTL_MS = 2_000;

/** The catalogue's state for `GET /api/health`, read at most once per TTL by this process. */
export function catalogueStateReader(executor: Executor): () => Promise<CatalogueState> {
  const cache = new TtlCache<CatalogueState>(CATALOGUE_STATE_TTL_MS, 1);
  const names = { job: CATALOGUE_SYNC_JOB, firstJobKey: FIRST_SYNC_KEY, state: CATALOGUE_SYNC_STATE };
  return () => cache.getOrLoad('catalogue', () => readCatalogueState(executor, names));
}
