import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { logged, rechargeKeys } from './keys.ts';

/** `POST /bbps/prod/billerplan/circle` (no Bearer): the telecom circles an operator serves. */
export const listCircles = (billerId: string) =>
  logged('circles', publicApi.post<string[]>('/bbps/prod/billerplan/circle', { billerId }));

export const circlesQuery = (billerId: string) =>
  queryOptions({ queryKey: rechargeKeys.circles(billerId), queryFn: () => listCircles(billerId) });

export const useCircles = (billerId: string | undefined) =>
  useQuery({ ...circlesQuery(billerId ?? ''), enabled: Boolean(billerId) });
