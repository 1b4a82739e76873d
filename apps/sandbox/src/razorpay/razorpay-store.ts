import type {
  RazorpayOrder,
  RazorpayRecurringOrder,
  RazorpayRecurringPayment,
  RazorpayRefund,
} from '@erti/protocols';
import { randomAlnum, randomDigits } from '../gateway-kit/ids.ts';
import { Ledger } from '../gateway-kit/ledger.ts';

export const REFUND_PROCESSED_AFTER_MS = 3000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Razorpay's in-memory books: orders, payments, refunds, and the ledger keyed by order id. */
export class RazorpayStore {
  readonly ledger = new Ledger();
  private readonly orderBook = new Map<string, RazorpayRecurringOrder>();
  private readonly payments = new Map<string, RazorpayRecurringPayment>();
  private readonly refunds = new Map<string, RazorpayRefund & { requestedAt: number }>();

  /** An order; a recurring one also names its customer and its token (limit) or its debit's notice. */
  createOrder(
    input: { amount: number; receipt: string; notes?: Record<string, string> } & Pick<
      RazorpayRecurringOrder,
      'customer_id' | 'token' | 'notification'
    >,
  ): RazorpayRecurringOrder {
    const { customer_id, token, notification } = input;
    const order: RazorpayRecurringOrder = {
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
      ...(customer_id ? { customer_id } : {}),
      ...(token ? { token } : {}),
      ...(notification ? { notification } : {}),
    };
    this.orderBook.set(order.id, order);
    return order;
  }

  order(id: string): RazorpayRecurringOrder | undefined {
    return this.orderBook.get(id);
  }

  /** Every order, or those with this receipt, newest first. */
  orders(receipt?: string): RazorpayRecurringOrder[] {
    const all = [...this.orderBook.values()].reverse();
    return receipt === undefined ? all : all.filter((order) => order.receipt === receipt);
  }

  payment(id: string): RazorpayRecurringPayment | undefined {
    return this.payments.get(id);
  }

  paymentsOf(orderId: string): RazorpayRecurringPayment[] {
    return [...this.payments.values()].filter((payment) => payment.order_id === orderId);
  }

  /**
   * One attempt on the hosted checkout or on a token; a captured one is money taken. `authorized`:
   * a mandate's authorisation, never captured (Razorpay voids it). `created`: still in flight.
   */
  pay(
    order: RazorpayOrder,
    input: {
      status: 'captured' | 'authorized' | 'failed' | 'created';
      method: RazorpayRecurringPayment['method'];
      email: string;
      contact: string;
      recurring?: { customer_id: string; token_id: string };
    },
  ): RazorpayRecurringPayment {
    order.attempts += 1;
    const failed = input.status === 'failed';
    const payment: RazorpayRecurringPayment = {
      id: `pay_${randomAlnum(14)}`,
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status: input.status,
      order_id: order.id,
      method: input.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      email: input.email,
      contact: input.contact,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed because the bank declined it' : null,
      acquirer_data: failed ? {} : { rrn: randomDigits(12) },
      notes: [],
      created_at: nowSeconds(),
      ...(input.recurring ? { ...input.recurring, recurring: true } : {}),
    };
    this.payments.set(payment.id, payment);
    order.status = 'attempted';
    if (input.status === 'captured') this.capture(payment);
    return payment;
  }

  /** The payment's money is taken: its order is paid. */
  capture(payment: RazorpayRecurringPayment): void {
    const order = this.orderBook.get(payment.order_id);
    if (!order) return;
    payment.status = 'captured';
    payment.captured = true;
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    this.ledger.charge(order.id, order.amount);
  }

  /** The bank declined a payment that was in flight. */
  fail(payment: RazorpayRecurringPayment): void {
    payment.status = 'failed';
    payment.error_code = 'BAD_REQUEST_ERROR';
    payment.error_description = 'Payment failed because the bank declined it';
  }

  /** Payments still in flight (recurring debits the bank has not answered). */
  inFlight(): RazorpayRecurringPayment[] {
    return [...this.payments.values()].filter((payment) => payment.status === 'created');
  }

  refundsOf(paymentId: string): RazorpayRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId).map(withoutTime);
  }

  refund(id: string): RazorpayRefund | undefined {
    const refund = this.refunds.get(id);
    return refund ? withoutTime(refund) : undefined;
  }

  addRefund(
    payment: RazorpayRecurringPayment,
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
