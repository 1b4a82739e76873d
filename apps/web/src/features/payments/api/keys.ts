/** The one query-key factory of the payments feature; invalidate only through it. */
export const paymentKeys = {
  all: ['payments'] as const,
  orders: () => [...paymentKeys.all, 'orders'] as const,
  orderPage: (page: number, pageSize: number) => [...paymentKeys.orders(), 'page', page, pageSize] as const,
  order: (orderId: string) => [...paymentKeys.orders(), 'detail', orderId] as const,
  quote: (source: unknown) => [...paymentKeys.all, 'quote', source] as const,
  phonepeStatus: (merchantOrderId: string) =>
    [...paymentKeys.all, 'phonepe-status', merchantOrderId] as const,
};
