import type { MessageResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/users/newPassword`: the reset code names the account; the body carries no e-mail. */
export const setNewPassword = (request: { password: string; OTP: string }) =>
  publicApi.post<MessageResponse>('/users/newPassword', request);

export const useSetNewPassword = () => useMutation({ mutationFn: setNewPassword });
