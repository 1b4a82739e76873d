import type { MyBill } from '@erti/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { myBillsKeys } from './keys.ts';

/** `PATCH /api/my-bills/{id}`: reminders of one entry on or off. */
export function setReminders(id: string, remindersOn: boolean): Promise<MyBill> {
  return authApi.patch<MyBill>(`/my-bills/${encodeURIComponent(id)}`, { remindersOn });
}

/** The list shows the server's answer once it comes; a failure leaves it as it was. */
export function useSetReminders() {
  const queryClient = useQueryClient();
  const userId = useSession()?.UserId ?? '';
  return useMutation({
    mutationFn: ({ id, remindersOn }: { id: string; remindersOn: boolean }) => setReminders(id, remindersOn),
    onSuccess: (updated) =>
      queryClient.setQueryData<MyBill[]>(myBillsKeys.list(userId), (bills) =>
        bills?.map((bill) => (bill.id === updated.id ? updated : bill)),
      ),
  });
}
