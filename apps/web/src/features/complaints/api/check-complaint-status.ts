import type { ComplaintStatusRequest, ComplaintStatusResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/complaints/status`: the complaint's latest status by its id and type. */
export function checkComplaintStatus(request: ComplaintStatusRequest): Promise<ComplaintStatusResponse> {
  return publicApi.post<ComplaintStatusResponse>('/complaints/status', request);
}

export function useCheckComplaintStatus() {
  return useMutation({ mutationFn: checkComplaintStatus });
}
