import type { BillRequest, BillResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

/** `POST /bbps/prod/validate` (signed in): the network confirms the number, circle and plan before paying. */
export const validateRecharge = (request: BillRequest) =>
  authApi.post<BillResponse>('/bbps/prod/validate', request);

export const useValidateRecharge = () => useMutation({ mutationFn: validateRecharge });
