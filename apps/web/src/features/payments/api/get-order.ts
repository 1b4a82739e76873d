import type { OrderDetail } from '@erti/contracts';
import { STATUS_POLL_MS } from '@erti/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, type RequestOptions } from '../../../lib/api-client.ts';
import { SAVE_FOR_OFFLINE } from '../../../lib/saved-receipts.ts';
import { isMoving } from '../model/order-status.ts';
import { paymentKeys } from './keys.ts';

export const getOrder = (orderId: string, options?: RequestOptions) =>
  authApi.get<OrderDetail>(`/orders/${encodeURIComponent(orderId)}`, options);

/**
 * Re-reads the order every 5 s while it is moving, so the pages follow the gateway's and biller's answers.
 * Asked for even offline: the service worker answers a receipt the customer opened before (decision 081).
 */
export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.order(orderId),
    queryFn: () => getOrder(orderId),
    networkMode: 'offlineFirst',
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !isMoving(status) ? false : STATUS_POLL_MS;
    },
  });

/** One of the user's orders with its history and refunds. */
export const useOrder = (orderId: string | undefined, enabled = true) =>
  useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: enabled && Boolean(orderId) });

/** The order on its receipt page, which the service worker saves for offline (decision 081). */
export const useReceiptOrder = (orderId: string, enabled: boolean) =>
  useQuery({
    ...orderQueryOptions(orderId),
    queryFn: () => getOrder(orderId, { headers: SAVE_FOR_OFFLINE }),
    enabled: enabled && Boolean(orderId),
  });
