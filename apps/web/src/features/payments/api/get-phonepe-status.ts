import type { PaymentStatusResponse } from '@erti/contracts';
import { STATUS_POLL_MS } from '@erti/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/** The modal shows every field of the answer, so it is read as an open record around `status`. */
export type PaymentStatusAnswer = PaymentStatusResponse & Record<string, unknown>;

export async function getPhonepeStatus(merchantOrderId: string): Promise<PaymentStatusAnswer> {
  try {
    return await authApi.post<PaymentStatusAnswer>('/phonepe/pay/status', { merchantOrderId });
  } catch (error) {
    // Spec section 8: status fetch failures are logged only; polling carries on.
    console.error('Payment status check failed', error);
    throw error;
  }
}

/**
 * Polled once at once and then every 5 s; polling stops only on COMPLETED (a FAILED payment is
 * shown but still polled, as the spec says).
 */
export const phonepeStatusQueryOptions = (merchantOrderId: string) =>
  queryOptions({
    queryKey: paymentKeys.phonepeStatus(merchantOrderId),
    queryFn: () => getPhonepeStatus(merchantOrderId),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'COMPLETED' ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: true,
  });

export const usePhonepeStatus = (merchantOrderId: string, enabled: boolean) =>
  useQuery({ ...phonepeStatusQueryOptions(merchantOrderId), enabled });
