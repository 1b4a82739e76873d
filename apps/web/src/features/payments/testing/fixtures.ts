import type { OrderDetail, OrderSummary } from '@erti/contracts';

/** An order as the api answers it; override what a test is about. */
export function makeOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderId: 'ord_1',
    merchantOrderId: 'EP00000000000000000001',
    kind: 'bill',
    status: 'SUCCESS',
    gateway: 'payu',
    amount: 125_000,
    convenienceFee: 1_000,
    total: 126_000,
    billerId: 'TATAPWR00MUM01',
    billerName: 'Tata Power - Mumbai',
    category: 'Electricity',
    customerParams: [{ name: 'Consumer Number', value: '900000000123' }],
    billNumber: 'B-77',
    planId: null,
    txnReferenceId: 'EP015326ABCDEF123456',
    approvalRefNum: 'AP12345678',
    paymentMode: 'Credit Card',
    transactionId: 'mihpay_1',
    channel: 'INT',
    failureReason: null,
    createdAt: '2025-11-21T20:15:00.000Z',
    updatedAt: '2025-11-21T20:16:00.000Z',
    money: {
      state: 'charged',
      paidPaise: 126_000,
      refundedPaise: 0,
      refundingPaise: 0,
      refundDeadline: null,
      refundedAt: null,
    },
    ...overrides,
  };
}

export function makeOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return { ...makeOrderSummary(overrides), events: [], refunds: [], ...overrides };
}
