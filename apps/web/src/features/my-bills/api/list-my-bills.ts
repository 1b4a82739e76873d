import type { MyBill } from '@erti/contracts';
import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { myBillsKeys } from './keys.ts';

/** `GET /api/my-bills`: the signed-in customer's entries, newest first. */
export function listMyBills(): Promise<MyBill[]> {
  return authApi.get<MyBill[]>('/my-bills');
}

/** Asked again each time the page opens: a bill found or paid a moment ago changes it. */
export function useMyBills() {
  const userId = useSession()?.UserId ?? '';
  return useQuery({
    queryKey: myBillsKeys.list(userId),
    queryFn: listMyBills,
    staleTime: 0,
    enabled: userId !== '',
  });
}
