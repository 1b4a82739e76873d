import type { MyBill } from '@erti/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { myBillsKeys } from './keys.ts';

/** `DELETE /api/my-bills/{id}`: forget one entry; its checks and reminders stop. */
export function removeMyBill(id: string): Promise<unknown> {
  return authApi.delete(`/my-bills/${encodeURIComponent(id)}`);
}

export function useRemoveMyBill() {
  const queryClient = useQueryClient();
  const userId = useSession()?.UserId ?? '';
  return useMutation({
    mutationFn: removeMyBill,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<MyBill[]>(myBillsKeys.list(userId), (bills) =>
        bills?.filter((bill) => bill.id !== id),
      ),
  });
}
