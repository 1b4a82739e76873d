import type { MessageResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/**
 * `POST /api/users/newPassword`: the body carries no e-mail. The reset is the one this browser asked
 * for, named by its HttpOnly cookie, which the same-origin call sends (decision 104).
 */
export const setNewPassword = (request: { password: string; OTP: string }) =>
  publicApi.post<MessageResponse>('/users/newPassword', request);

export const useSetNewPassword = () => useMutation({ mutationFn: setNewPassword });
