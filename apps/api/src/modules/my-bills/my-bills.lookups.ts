import type { Executor } from '../../db/client.ts';
import { deleteMyBillsOfUser } from './my-bills.repository.ts';

/** Forgets a deleted account's My Bills (they carry its customer numbers); their jobs then do nothing. */
export function forgetMyBills(executor: Executor, userId: string): Promise<void> {
  return deleteMyBillsOfUser(executor, userId);
}
