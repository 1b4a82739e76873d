import type { MyBill } from '@erti/contracts';
import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { myBillsKeys } from './keys.ts';

/** `GET /api/my-bills/{id}`: one of the customer's entries (another's is a 404). */
export function getMyBill(id: string): Promise<MyBill> {
  return authApi.get<MyBill>(`/my-bills/${encodeURIComponent(id)}`);
}

export function useMyBill(id: string) {
  const userId = useSession()?.UserId ?? '';
  return useQuery({
    queryKey: myBillsKeys.one(userId, id),
    queryFn: () => getMyBill(id),
    staleTime: 0,
    enabled: userId !== '' && id !== '',
  });
}
