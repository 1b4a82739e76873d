import type { MessageResponse, OtpPurpose } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

export interface SendOtpRequest {
  email: string;
  purpose: OtpPurpose;
}

/** `POST /api/users/otp`: mails a one-time code for sign-up, login or a new e-mail address. */
export const sendOtp = (request: SendOtpRequest) => publicApi.post<MessageResponse>('/users/otp', request);

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
