import type { BillRequest, BillResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

/** `POST /api/bbps/prod/validate`: check the customer's details with the biller before paying without a bill. */
export function validateBill(request: BillRequest): Promise<BillResponse> {
  return authApi.post<BillResponse>('/bbps/prod/validate', request);
}

export function useValidateBill() {
  return useMutation({ mutationFn: validateBill });
}
