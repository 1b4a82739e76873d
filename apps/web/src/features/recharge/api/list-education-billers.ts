import type { Biller } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { logged, rechargeKeys } from './keys.ts';

/** `POST /bbps/prod/education/coverage {state, area}`: the Education Fees billers serving that place. */
export const listEducationBillers = (state: string, area: string | undefined) =>
  logged(
    'institutes',
    publicApi.post<Biller[]>('/bbps/prod/education/coverage', area ? { state, area } : { state }),
  );

export const educationBillersQuery = (state: string, area: string | undefined) =>
  queryOptions({
    queryKey: rechargeKeys.educationBillers(state, area),
    queryFn: () => listEducationBillers(state, area),
  });

/** Enabled once a place is chosen: an area, or a state that has no areas at all. */
export const useEducationBillers = (state: string, area: string | undefined, enabled: boolean) =>
  useQuery({ ...educationBillersQuery(state, area), enabled });
