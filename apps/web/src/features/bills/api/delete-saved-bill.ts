import type { SavedBill } from '@erti/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { billsKeys } from './keys.ts';

/** `DELETE /api/bbps/prod/mybills/category`: forget one saved bill of the signed-in user. */
export function deleteSavedBill(request: { category: string; billNumber: string }): Promise<unknown> {
  return authApi.delete('/bbps/prod/mybills/category', request);
}

/** Removes the bill from the cached list only once the server answered 200; a failure is logged only. */
export function useDeleteSavedBill(category: string) {
  const queryClient = useQueryClient();
  const userId = useSession()?.UserId ?? '';
  return useMutation({
    mutationFn: (billNumber: string) => deleteSavedBill({ category, billNumber }),
    onSuccess: (_answer, billNumber) =>
      queryClient.setQueryData<SavedBill[]>(billsKeys.savedBills(userId, category), (bills) =>
        bills?.filter((bill) => bill.billNumber !== billNumber),
      ),
    onError: (error) => console.error('Could not delete the saved bill', error),
  });
}
