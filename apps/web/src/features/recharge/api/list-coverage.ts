import type { CoverageState } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { staleUnlessEmpty } from '../../../lib/catalogue-state.ts';
import { logged, rechargeKeys } from './keys.ts';

/** `POST /bbps/prod/education/coverage` without arguments: the locations (states) with their areas. */
export const listCoverage = () =>
  logged('locations', publicApi.post<CoverageState[]>('/bbps/prod/education/coverage', {}));

export const coverageQuery = () =>
  queryOptions({
    queryKey: rechargeKeys.coverage(),
    queryFn: listCoverage,
    staleTime: staleUnlessEmpty(60 * 60_000),
  });

export const useCoverage = () => useQuery(coverageQuery());
