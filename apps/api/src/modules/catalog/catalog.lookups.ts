import type { Biller, Plan } from '@erti/contracts';
import type { Executor } from '../../db/client.ts';
import { toBiller, toPlan } from './catalog.mappers.ts';
import { findBillerRecord, findPlanRow } from './catalog.repository.ts';

export { convenienceFee } from './convenience-fee.ts';

/** A stored biller in the spec's shape, and whether the network still offers it. */
export type CatalogBiller = Biller & { active: boolean };

/**
 * Lookups other modules use (bills, payments, complaints): read from our copy of the master data,
 * inside the caller's transaction when given one.
 */
export async function findBiller(executor: Executor, billerId: string): Promise<CatalogBiller | undefined> {
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
