import type { Biller } from '@erti/contracts';
import { useQuery } from '@tanstack/react-query';
import { getBiller } from '../api/get-biller.ts';
import { billsKeys } from '../api/keys.ts';
import { BILLER_PAGE_SIZE, listBillers } from '../api/list-billers.ts';

/** Thrown when the address names a biller the network does not have. */
export class BillerNotFoundError extends Error {
  constructor(billerName: string) {
    super(`No biller named ${billerName}`);
    this.name = 'BillerNotFoundError';
  }
}

async function findBiller(
  billerCategoryName: string,
  billerName: string,
  billerId?: string,
): Promise<Biller> {
  if (billerId) return getBiller({ billerId, billerCategoryName });
  const candidates = await listBillers(billerCategoryName, { q: billerName, limit: BILLER_PAGE_SIZE });
  const wanted = billerName.toLowerCase();
  const match = candidates.find((biller) => biller.billerName.toLowerCase() === wanted);
  if (!match) throw new BillerNotFoundError(billerName);
  return match.customerParams ? match : getBiller({ billerId: match.billerId, billerCategoryName });
}

const BILLER_FRESH_MS = 10 * 60_000;

interface BillerHint {
  /** A full record (from the biller list or a pending bill): used as is. */
  biller?: Biller;
  /** Only the id (a saved bill): the record is loaded. */
  billerId?: string;
}

/**
 * The biller of a bill-entry page: the record handed over in navigation state, else loaded by id,
 * else found by category and name, so a deep link or a reload works as well as a click.
 */
export function useBillEntryBiller(billerCategoryName: string, billerName: string, hint: BillerHint) {
  const given =
    hint.biller?.billerName === billerName && hint.biller.customerParams ? hint.biller : undefined;
  return useQuery({
    queryKey: billsKeys.biller(billerCategoryName, billerName),
    queryFn: () => findBiller(billerCategoryName, billerName, hint.billerId ?? hint.biller?.billerId),
    initialData: given,
    // Biller master data changes on the network's schedule, not while someone types a bill.
    staleTime: BILLER_FRESH_MS,
    retry: (failures, error) => !(error instanceof BillerNotFoundError) && failures < 1,
  });
}
