import { describe, expect, it } from 'vitest';
import { statusMessage } from '../src/modules/payments/order-views.ts';
import type { OrderEventRow, OrderRow } from '../src/modules/payments/orders.repository.ts';
import type { RefundRow } from '../src/modules/payments/refunds.repository.ts';

const createdAt = new Date('2026-11-20T06:00:00.000Z');

const order: OrderRow = {
  id: 'ord_1',
  merchantOrderId: 'EP1',
  userId: 'usr_1',
  status: 'REFUND_PENDING',
  gateway: 'razorpay',
  kind: 'bill',
  billerId: 'TATA00000MUM01',
  billerName: 'Tata Power - Mumbai',
  category: 'Electricity',
  customerParams: [],
  billKey: null,
  billFetchId: null,
  refId: null,
  billNumber: null,
  planId: null,
  amountPaise: 125_000,
  convenienceFeePaise: 1_000,
  capturedPaise: 126_000,
  paymentMode: 'UPI',
  gatewayOrderId: 'order_1',
  gatewayPaymentId: 'pay_1',
  paymentInstrument: null,
  txnReferenceId: null,
  approvalRefNum: null,
  failureReason: null,
  payer: null,
  customerIp: null,
  completedAt: null,
  createdAt,
  updatedAt: createdAt,
};

const refund: RefundRow = {
  id: 'rfd_1',
  orderId: 'ord_1',
  gateway: 'razorpay',
  amountPaise: 126_000,
  status: 'PENDING',
  reason: 'auto',
  note: null,
  requestedBy: 'system',
  gatewayRefundId: null,
  failureReason: null,
  completedAt: null,
  // Written when it opened: T+5, the end of 25 November in India.
  deadlineAt: new Date('2026-11-25T18:29:59.999Z'),
  createdAt,
  updatedAt: createdAt,
};

const event = (fromStatus: string, toStatus: string): OrderEventRow => ({
  id: `evt_${fromStatus}_${toStatus}`,
  sequence: 1,
  orderId: 'ord_1',
  fromStatus,
  toStatus,
  source: 'system',
  detail: null,
  createdAt,
});

describe('statusMessage of a refund in progress', () => {
  it('does not blame the biller for a charge taken after the payment was closed (decision 064)', () => {
    const message = statusMessage(
      order,
      [refund],
      [event('PAYMENT_PENDING', 'PAYMENT_FAILED'), event('PAYMENT_FAILED', 'REFUND_PENDING')],
    );
    expect(message).toBe(
      'No bill was paid with your payment of ₹1,260.00. Its refund is in progress and will reach you by 25 Nov 2026.',
    );
  });

  it('says the biller could not accept a payment it refused', () => {
    const message = statusMessage(
      order,
      [refund],
      [event('BILL_PENDING', 'BILL_FAILED'), event('BILL_FAILED', 'REFUND_PENDING')],
    );
    expect(message).toMatch(/^Tata Power - Mumbai could not accept this payment\. Your refund of ₹1,260\.00/);
  });
});
