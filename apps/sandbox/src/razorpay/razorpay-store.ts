import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from '@erti/protocols';
import { randomAlnum, randomDigits } from '../gateway-kit/ids.ts';
import { Ledger } from '../gateway-kit/ledger.ts';

export const REFUND_PROCESSED_AFTER_MS = 3000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Razorpay's in-memory books: orders, payments, refunds, and the ledger keyed by order id. */
export class RazorpayStore {
  readonly ledger = new Ledger();
  private readonly orders = new Map<string, RazorpayOrder>();
  private readonly payments = new Map<string, RazorpayPayment>();
  private readonly refunds = new Map<string, RazorpayRefund & { requestedAt: number }>();

  createOrder(input: { amount: number; receipt: string; notes?: Record<string, string> }): RazorpayOrder {
    const order: RazorpayOrder = {
      id: `order_${randomAlnum(14)}`,
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: 'INR',
      receipt: input.receipt,
      status: 'created',
      attempts: 0,
      notes: input.notes && Object.keys(input.notes).length > 0 ? input.notes : [],
      created_at: nowSeconds(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  order(id: string): RazorpayOrder | undefined {
    return this.orders.get(id);
  }

  payment(id: string): RazorpayPayment | undefined {
    return this.payments.get(id);
  }

  paymentsOf(orderId: string): RazorpayPayment[] {
    return [...this.payments.values()].filter((payment) => payment.order_id === orderId);
  }

  /** One attempt on the hosted checkout; a captured one is money taken. */
  pay(
    order: RazorpayOrder,
    input: { captured: boolean; method: RazorpayPayment['method']; email: string; contact: string },
  ): RazorpayPayment {
    order.attempts += 1;
    const payment: RazorpayPayment = {
      id: `pay_${randomAlnum(14)}`,
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status: input.captured ? 'captured' : 'failed',
      order_id: order.id,
      method: input.method,
      amount_refunded: 0,
      refund_status: null,
      captured: input.captured,
      email: input.email,
      contact: input.contact,
      error_code: input.captured ? null : 'BAD_REQUEST_ERROR',
      error_description: input.captured ? null : 'Payment failed because the bank declined it',
      acquirer_data: input.captured ? { rrn: randomDigits(12) } : {},
      notes: [],
      created_at: nowSeconds(),
    };
    this.payments.set(payment.id, payment);
    if (input.captured) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      this.ledger.charge(order.id, order.amount);
    } else {
      order.status = 'attempted';
    }
    return payment;
  }

  refundsOf(paymentId: string): RazorpayRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId).map(withoutTime);
  }

  refund(id: string): RazorpayRefund | undefined {
    const refund = this.refunds.get(id);
    return refund ? withoutTime(refund) : undefined;
  }

  addRefund(
    payment: RazorpayPayment,
    input: { amount: number; receipt?: string; notes?: Record<string, string>; speed: 'normal' | 'optimum' },
  ): RazorpayRefund {
    const refund: RazorpayRefund & { requestedAt: number } = {
      id: `rfnd_${randomAlnum(14)}`,
      entity: 'refund',
      amount: input.amount,
      currency: 'INR',
      payment_id: payment.id,
      receipt: input.receipt ?? null,
      notes: input.notes ?? [],
      status: 'pending',
      speed_requested: input.speed,
      created_at: nowSeconds(),
      requestedAt: Date.now(),
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += input.amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    this.ledger.refund(payment.order_id, input.amount);
    return withoutTime(refund);
  }

  /** Completes refunds whose time has come; answers them for their webhooks. */
  advance(now = Date.now(), force = false): RazorpayRefund[] {
    const processed: RazorpayRefund[] = [];
    for (const refund of this.refunds.values()) {
      if (refund.status !== 'pending') continue;
      if (!force && now - refund.requestedAt < REFUND_PROCESSED_AFTER_MS) continue;
      refund.status = 'processed';
      processed.push(withoutTime(refund));
    }
    return processed;
  }
}

function withoutTime(refund: RazorpayRefund & { requestedAt: number }): RazorpayRefund {
  const { requestedAt: _requestedAt, ...rest } = refund;
  return rest;
}
