import type { SigninResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

export interface CreateUserRequest {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** `POST /api/users/`: creates the account of a verified e-mail and answers its session. */
export const createUser = (request: CreateUserRequest) => publicApi.post<SigninResponse>('/users/', request);

export const useCreateUser = () => useMutation({ mutationFn: createUser });
