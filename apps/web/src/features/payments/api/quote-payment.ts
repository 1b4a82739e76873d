import type { PaymentSource, QuoteResponse } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

export type QuoteRequest = PaymentSource & { amount?: number | string };

export const quotePayment = (body: QuoteRequest) => authApi.post<QuoteResponse>('/orders/quote', body);

export const quoteQueryOptions = (body: QuoteRequest) =>
  queryOptions({
    queryKey: paymentKeys.quote(body),
    queryFn: () => quotePayment(body),
    retry: false,
  });

/** What the server will charge (amount, convenience fee, total) before the user picks a gateway. */
export const useQuote = (body: QuoteRequest, enabled: boolean) =>
  useQuery({ ...quoteQueryOptions(body), enabled });
