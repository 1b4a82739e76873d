import type { MessageResponse, RefundRequest } from '@erti/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { merchantKeys } from './keys.ts';

export interface RefundCall {
  request: RefundRequest;
  /** One key per confirmation: asking again with it (a retry) never refunds twice. */
  idempotencyKey: string;
}

export const refundTransaction = ({ request, idempotencyKey }: RefundCall) =>
  authApi.post<MessageResponse>('/phonepe/refund', request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Starts a refund; on success both lists are stale (the order's status and the new refund). */
export function useRefundTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
