/**
 * The bills module's front door: what other modules may use of it, and its factory for the module
 * registry. Nothing outside the module imports its other files (`npm run lint` checks it).
 */
import type { Executor } from '../../db/client.ts';
import { type BillFetchRow, deleteAllSavedBillsOfUser, findBillFetchRow } from './bills.repository.ts';

export { complianceCode, NO_BILL_DUE } from './bill-answer.ts';
export type { BillFetchRow } from './bills.repository.ts';
export { findPayer } from './bills.repository.ts';
export { accountKeyOf, checkCustomerParams } from './customer-params.ts';

/**
 * A stored bill fetch or validation of this user, by its id (`billFetchId` in our answers) or the
 * network's refId: what paying a bill charges. Another user's row is never found. `amountPaise` is
 * the fetched bill amount or the validated amount; `respCode` '1' means the network said yes.
 */
export function findBillFetch(
  executor: Executor,
  billFetchIdOrRefId: string,
  userId: string,
): Promise<BillFetchRow | undefined> {
  return findBillFetchRow(executor, billFetchIdOrRefId, userId);
}

/** Forgets a user's saved bills; their fetches stay with the orders they paid (audit). */
export function forgetSavedBills(executor: Executor, userId: string): Promise<void> {
  return deleteAllSavedBillsOfUser(executor, userId);
}

export { createBillsModule } from './bills.module.ts';
