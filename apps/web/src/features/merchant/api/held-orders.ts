import type { HeldOrderResolution, HeldOrdersResponse, MessageResponse } from '@erti/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { retryUnlessRefused } from '../model/filters.ts';
import { merchantKeys } from './keys.ts';

export const listHeldOrders = () => authApi.get<HeldOrdersResponse>('/merchant/orders/needs-attention');

export const heldOrdersQueryOptions = () =>
  queryOptions({
    queryKey: merchantKeys.heldOrders(),
    queryFn: listHeldOrders,
    staleTime: 0,
    retry: retryUnlessRefused,
  });

/** Orders held for a person (decision 062), the longest waiting first. */
export const useHeldOrders = (enabled: boolean) => useQuery({ ...heldOrdersQueryOptions(), enabled });

export interface ResolutionCall {
  orderId: string;
  resolution: HeldOrderResolution;
}

export const resolveHeldOrder = ({ orderId, resolution }: ResolutionCall) =>
  authApi.post<MessageResponse>(`/merchant/orders/${encodeURIComponent(orderId)}/resolution`, resolution);

/** A person's decision on a held order; on success every list is stale (the order moved on). */
export function useResolveHeldOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveHeldOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
