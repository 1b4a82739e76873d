import type { PhonepePayRequest, PhonepePayResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

export const startPhonepePayment = (body: PhonepePayRequest) =>
  authApi.post<PhonepePayResponse>('/phonepe/pay', body);

/** Creates the order at PhonePe; the answer's redirectUrl is PhonePe's pay page. */
export const useStartPhonepePayment = () => useMutation({ mutationFn: startPhonepePayment });
