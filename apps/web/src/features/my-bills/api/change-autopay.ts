import type { Autopay, MyBill } from '@erti/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { myBillsKeys } from './keys.ts';

/** AutoPay's controls on My Bills, each one call that answers the entry's AutoPay. */
export type AutopayChange = 'pause' | 'resume' | 'skip' | 'cancel';

/**
 * `POST /api/my-bills/{id}/autopay/pause|resume|skip` and `DELETE /api/my-bills/{id}/autopay`
 * (cancel, which revokes the mandate at the gateway).
 */
export function changeAutopay(id: string, change: AutopayChange): Promise<Autopay> {
  const path = `/my-bills/${encodeURIComponent(id)}/autopay`;
  return change === 'cancel' ? authApi.delete<Autopay>(path) : authApi.post<Autopay>(`${path}/${change}`);
}

/** The list shows the server's answer once it comes; a failure leaves it as it was. */
export function useChangeAutopay() {
  const queryClient = useQueryClient();
  const userId = useSession()?.UserId ?? '';
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AutopayChange }) => changeAutopay(id, change),
    onSuccess: (autopay, { id }) =>
      queryClient.setQueryData<MyBill[]>(myBillsKeys.list(userId), (bills) =>
        bills?.map((bill) => (bill.id === id ? { ...bill, autopay } : bill)),
      ),
  });
}
