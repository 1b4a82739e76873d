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
 * A failure leaves the panel empty: the spec logs it to the console only. Asked again each time the
 * panel opens (the app keeps other reads for a minute): a bill fetched or paid a moment ago changes it.
 */
export const savedBillsQueryOptions = (userId: string, category: string) =>
  queryOptions({
    queryKey: billsKeys.savedBills(userId, category),
    staleTime: 0,
    queryFn: async () => {
      try {
        return await listSavedBills(category);
      } catch (error) {
        console.error('Could not load saved bills', error);
        return [];
      }
    },
  });

/** Saved bills for the signed-in user; nothing is asked for a visitor. */
export function useSavedBills(category: string) {
  const userId = useSession()?.UserId ?? '';
  return useQuery({ ...savedBillsQueryOptions(userId, category), enabled: userId !== '' });
}
