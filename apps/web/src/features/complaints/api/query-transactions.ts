import type { TransactionQuery, TransactionQueryResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

/**
 * `POST /api/complaints/transactions`: by Txn ID for anyone (biller and amount only for the owner), by
 * mobile number and dates for signed-in users (their own payments).
 */
export function queryTransactions(query: TransactionQuery): Promise<TransactionQueryResponse> {
  return authApi.post<TransactionQueryResponse>('/complaints/transactions', query);
}

export function useQueryTransactions() {
  return useMutation({ mutationFn: queryTransactions });
}
