import type { RefundFilter, TransactionFilter } from '../model/filters.ts';

/** The one query-key factory of the merchant feature; invalidate only through it. */
export const merchantKeys = {
  all: ['merchant'] as const,
  transactions: () => [...merchantKeys.all, 'transactions'] as const,
  transactionPage: (filter: TransactionFilter) => [...merchantKeys.transactions(), filter] as const,
  refunds: () => [...merchantKeys.all, 'refunds'] as const,
  refundPage: (filter: RefundFilter) => [...merchantKeys.refunds(), filter] as const,
  heldOrders: () => [...merchantKeys.all, 'held-orders'] as const,
};
