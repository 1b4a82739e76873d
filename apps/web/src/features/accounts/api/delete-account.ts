import type { MessageResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

/** `POST /api/users/delete-account`: the Bearer token names the account. */
export const deleteAccount = (request: { feedback: string }) =>
  authApi.post<MessageResponse>('/users/delete-account', request);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
