/**
 * The My Bills module's front door: what other modules may use of it, and its factory for the module
 * registry. Nothing outside the module imports its other files (`npm run lint` checks it).
 */
import type { Executor } from '../../db/client.ts';
import { deleteMyBillsOfUser } from './my-bills.repository.ts';

/** Forgets a deleted account's My Bills (they carry its customer numbers); their jobs then do nothing. */
export function forgetMyBills(executor: Executor, userId: string): Promise<void> {
  return deleteMyBillsOfUser(executor, userId);
}

export { BILL_FOUND_JOB, type BillChecks } from './bill-checks.ts';
export { billLines } from './bill-lines.ts';
export { billChecksOf, createMyBillsModule } from './my-bills.module.ts';
export { findMyBill, type MyBillRow } from './my-bills.repository.ts';
export { escapeHtml, page } from './unsubscribe-page.ts';
export { createSignedIdTokens } from './unsubscribe-token.ts';
