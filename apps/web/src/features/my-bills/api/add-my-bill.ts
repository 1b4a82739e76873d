import type { AddMyBillRequest, MyBill } from '@erti/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { myBillsKeys } from './keys.ts';

/** `POST /api/my-bills`: keeps a biller account with a nickname; the same account twice is a 409. */
export function addMyBill(request: AddMyBillRequest): Promise<MyBill> {
  return authApi.post<MyBill>('/my-bills', request);
}

export function useAddMyBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMyBill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myBillsKeys.all }),
  });
}
