import type { BillRequest, BillResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

/** `POST /api/bbps/prod/bill/{billerCategoryName}`: fetch the customer's bill (signed-in users only). */
export function fetchBill(billerCategoryName: string, request: BillRequest): Promise<BillResponse> {
  return authApi.post<BillResponse>(`/bbps/prod/bill/${encodeURIComponent(billerCategoryName)}`, request);
}

export function useFetchBill() {
  return useMutation({
    mutationFn: ({ billerCategoryName, request }: { billerCategoryName: string; request: BillRequest }) =>
      fetchBill(billerCategoryName, request),
  });
}
