import type { MerchantTransactionStatus } from '@erti/contracts';
import { DEFAULT_PAGE_SIZE } from '@erti/contracts/constants';
import { ApiError } from '../../../lib/api-client.ts';

/** What the refunds tab asks for: an order id prefix and a page. */
export interface RefundFilter {
  search: string;
  page: number;
  pageSize: number;
}

/** What the transactions tab asks for: also a status ('' for every status). */
export interface TransactionFilter extends RefundFilter {
  status: MerchantTransactionStatus | '';
}

export const firstRefundPage: RefundFilter = { search: '', page: 1, pageSize: DEFAULT_PAGE_SIZE };
export const firstTransactionPage: TransactionFilter = { ...firstRefundPage, status: '' };

/**
 * The api's paged body: always with `page` and `pageSize` (the plain list is for the spec's old
 * clients), the search and status only when set.
 */
export function pagedBody(filter: RefundFilter & { status?: string }) {
  const search = filter.search.trim();
  return {
    page: filter.page,
    pageSize: filter.pageSize,
    ...(search ? { search } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
}

/** The dashboard's access errors (401, 403) are answers, not hiccups: asking again changes nothing. */
export const isAccessError = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

export const retryUnlessRefused = (failures: number, error: Error) =>
  !isAccessError(error) && !(error instanceof ApiError && error.status === 400) && failures < 1;
