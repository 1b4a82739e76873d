import type { MyComplaintsResponse } from '@erti/contracts';
import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { complaintsKeys } from './keys.ts';

/** `GET /api/complaints/mine`: the signed-in customer's own complaints, newest first. */
export function listMyComplaints(): Promise<MyComplaintsResponse> {
  return authApi.get<MyComplaintsResponse>('/complaints/mine');
}

/** Asked again each time the page opens: a complaint may have been resolved since. */
export function useMyComplaints() {
  const userId = useSession()?.UserId ?? '';
  return useQuery({
    queryKey: complaintsKeys.mine(userId),
    queryFn: listMyComplaints,
    staleTime: 0,
    enabled: userId !== '',
  });
}
