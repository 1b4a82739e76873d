import type { CreateOrderRequest, CreateOrderResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

export const createTestOrder = (body: CreateOrderRequest) =>
  authApi.post<CreateOrderResponse>('/bbps/pg/create-order', body);

/** The test payment page's Razorpay order (amount in paise). */
export const useCreateTestOrder = () => useMutation({ mutationFn: createTestOrder });
