import type { PayuHashRequest, PayuHashResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

export const generatePayuHash = (body: PayuHashRequest) =>
  authApi.post<PayuHashResponse>('/payu/generate-hash', body);

/** Creates the order and the signed PayU form the browser then posts. */
export const useGeneratePayuHash = () => useMutation({ mutationFn: generatePayuHash });
