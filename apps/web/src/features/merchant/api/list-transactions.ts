import type { MerchantHistoryPage } from '@erti/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { pagedBody, retryUnlessRefused, type TransactionFilter } from '../model/filters.ts';
import { merchantKeys } from './keys.ts';

export const listTransactions = (filter: TransactionFilter) =>
  authApi.post<MerchantHistoryPage>('/phonepe/merchant/history', pagedBody(filter));

export const transactionsQueryOptions = (filter: TransactionFilter) =>
  queryOptions({
    queryKey: merchantKeys.transactionPage(filter),
    queryFn: () => listTransactions(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
  });

/** One page of every gateway's orders, newest first (not asked for without a session). */
export const useTransactions = (filter: TransactionFilter, enabled: boolean) =>
  useQuery({ ...transactionsQueryOptions(filter), enabled });
