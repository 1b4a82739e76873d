import type { RaiseComplaint, RaiseComplaintResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

/** `POST /api/complaints`: visitors too; a signed-in user's complaint is linked to their account. */
export function raiseComplaint(complaint: RaiseComplaint): Promise<RaiseComplaintResponse> {
  return authApi.post<RaiseComplaintResponse>('/complaints', complaint);
}

export function useRaiseComplaint() {
  return useMutation({ mutationFn: raiseComplaint });
}
