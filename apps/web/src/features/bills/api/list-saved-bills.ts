import type { SavedBill } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { billsKeys } from './keys.ts';

/** `POST /api/bbps/prod/mybills/category`: the signed-in user's saved bills of one category, newest first. */
export function listSavedBills(category: string): Promise<SavedBill[]> {
  return authApi.post<SavedBill[]>('/bbps/prod/mybills/category', { category });
}

/**
 * Asked again each time the panel opens (the app keeps other reads for a minute): a bill fetched or
 * paid a moment ago changes it. A failure is still logged (the spec), and the panel offers a retry
 * rather than an empty list that would say the customer has no saved bills (issue 27 item 5).
 */
export const savedBillsQueryOptions = (userId: string, category: string) =>
  queryOptions({
    queryKey: billsKeys.savedBills(userId, category),
    staleTime: 0,
    queryFn: () =>
      listSavedBills(category).catch((error: unknown) => {
        console.error('Could not load saved bills', error);
        throw error;
      }),
  });

/** Saved bills for the signed-in user; nothing is asked for a visitor. */
export function useSavedBills(category: string) {
  const userId = useSession()?.UserId ?? '';
  return useQuery({ ...savedBillsQueryOptions(userId, category), enabled: userId !== '' });
}
