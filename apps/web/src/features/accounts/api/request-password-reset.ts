import type { MessageResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/users/resetPassword`: mails a password-reset code. */
export const requestPasswordReset = (request: { email: string }) =>
  publicApi.post<MessageResponse>('/users/resetPassword', request);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
