import type { OrdersResponse } from '@erti/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

export const listOrders = (page: number, pageSize: number) =>
  authApi.get<OrdersResponse>(`/orders?page=${page}&pageSize=${pageSize}`);

export const ordersQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: paymentKeys.orderPage(page, pageSize),
    queryFn: () => listOrders(page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The signed-in user's orders, newest first, one page at a time. */
export const useOrders = (page: number, pageSize: number, enabled: boolean) =>
  useQuery({ ...ordersQueryOptions(page, pageSize), enabled });
