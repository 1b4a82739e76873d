import type { MerchantRefundsPage } from '@erti/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { pagedBody, type RefundFilter, retryUnlessRefused } from '../model/filters.ts';
import { merchantKeys } from './keys.ts';

export const listRefunds = (filter: RefundFilter) =>
  authApi.post<MerchantRefundsPage>('/phonepe/merchant/refunds', pagedBody(filter));

export const refundsQueryOptions = (filter: RefundFilter) =>
  queryOptions({
    queryKey: merchantKeys.refundPage(filter),
    queryFn: () => listRefunds(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
  });

/** One page of every refund, newest first (fetched once the Refunds tab is open). */
export const useRefunds = (filter: RefundFilter, enabled: boolean) =>
  useQuery({ ...refundsQueryOptions(filter), enabled });
