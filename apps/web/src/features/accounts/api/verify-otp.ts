import type { MessageResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/users/verify`: checks the mailed code; the verification then lasts 10 minutes. */
export const verifyOtp = (request: { email: string; OTP: string }) =>
  publicApi.post<MessageResponse>('/users/verify', request);

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
