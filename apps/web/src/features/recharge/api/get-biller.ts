import type { Biller } from '@erti/contracts';
import { MOBILE_PREPAID } from '@erti/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';
import { logged, rechargeKeys } from './keys.ts';

/**
 * `POST /bbps/prod/billerid` with the spec's billerId and billerCategoryName (an operator is a Mobile
 * Prepaid biller): the full record, whose customer parameters name the validation fields.
 */
export const getBiller = (billerId: string) =>
  logged(
    'biller details',
    publicApi.post<Biller>('/bbps/prod/billerid', { billerId, billerCategoryName: MOBILE_PREPAID }),
  );

export const billerQuery = (billerId: string) =>
  queryOptions({ queryKey: rechargeKeys.biller(billerId), queryFn: () => getBiller(billerId) });

export const useBiller = (billerId: string | undefined) =>
  useQuery({ ...billerQuery(billerId ?? ''), enabled: Boolean(billerId) });
