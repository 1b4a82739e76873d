import type { Plan } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { logged, rechargeKeys } from './keys.ts';

/** `POST /bbps/prod/circle` (no Bearer): a biller's plans, for one circle or (DTH) without one. */
export const listPlans = (billerId: string, circle: string | undefined) =>
  logged('plans', publicApi.post<Plan[]>('/bbps/prod/circle', circle ? { billerId, circle } : { billerId }));

export const plansQuery = (billerId: string, circle: string | undefined) =>
  queryOptions({
    queryKey: rechargeKeys.plans(billerId, circle),
    queryFn: () => listPlans(billerId, circle),
  });

export const usePlans = (billerId: string, circle: string | undefined) =>
  useQuery({ ...plansQuery(billerId, circle), enabled: Boolean(billerId) });
