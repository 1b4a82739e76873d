import type { ComplaintVerificationRequest, ComplaintVerificationResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/complaints/verification`: mails a code to the e-mail on the payment (decision 106). */
export function requestPayerCode(
  request: ComplaintVerificationRequest,
): Promise<ComplaintVerificationResponse> {
  return publicApi.post<ComplaintVerificationResponse>('/complaints/verification', request);
}

export function useRequestPayerCode() {
  return useMutation({ mutationFn: requestPayerCode });
}
