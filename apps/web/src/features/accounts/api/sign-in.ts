import type { SigninResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/users/signin`: password plus the login OTP verified just before. */
export const signIn = (request: { email: string; password: string }) =>
  publicApi.post<SigninResponse>('/users/signin', request);

export const useSignIn = () => useMutation({ mutationFn: signIn });
