import type { Biller } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { logged, rechargeKeys } from './keys.ts';

/** `POST /bbps/prod/billerid`: the full biller record (its customer parameters name the validation fields). */
export const getBiller = (billerId: string) =>
  logged('biller details', publicApi.post<Biller>('/bbps/prod/billerid', { billerId }));

export const billerQuery = (billerId: string) =>
  queryOptions({ queryKey: rechargeKeys.biller(billerId), queryFn: () => getBiller(billerId) });

export const useBiller = (billerId: string | undefined) =>
  useQuery({ ...billerQuery(billerId ?? ''), enabled: Boolean(billerId) });
