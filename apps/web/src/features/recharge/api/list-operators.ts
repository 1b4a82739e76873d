import type { Biller } from '@erti/contracts';
import { MOBILE_PREPAID } from '@erti/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { staleUnlessEmpty } from '../../../lib/catalogue-state.ts';
import { logged, rechargeKeys } from './keys.ts';

/** `GET /bbps/prod/Mobile Prepaid`: the prepaid operators (billers of the Mobile Prepaid category). */
export const listOperators = () =>
  logged('operators', publicApi.get<Biller[]>(`/bbps/prod/${encodeURIComponent(MOBILE_PREPAID)}`));

export const operatorsQuery = () =>
  queryOptions({
    queryKey: rechargeKeys.operators(),
    queryFn: listOperators,
    staleTime: staleUnlessEmpty(10 * 60_000),
  });

export const useOperators = () => useQuery(operatorsQuery());
