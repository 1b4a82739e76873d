import type {
  PhonepeOrderState,
  PhonepeOrderStatusResponse,
  PhonepePaymentDetail,
  PhonepePaymentMode,
  PhonepeRefundState,
  PhonepeRefundStatusResponse,
} from '@erti/protocols';
import { randomAlnum, randomDigits } from '../gateway-kit/ids.ts';
import { Ledger } from '../gateway-kit/ledger.ts';
import type { SettleTimes } from '../modules.ts';

export const MERCHANT_ID = 'ERTIPAYSANDBOX';
export const TOKEN_TTL_SECONDS = 3600;
const DEFAULT_EXPIRE_AFTER_SECONDS = 1200;

export interface PhonepeOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: PhonepeOrderState;
  expireAt: number;
  merchantRedirectUrl: string;
  metaInfo?: Record<string, string>;
  payments: PhonepePaymentDetail[];
  pendingSince?: number;
}

export interface PhonepeRefund {
  refundId: string;
  merchantRefundId: string;
  merchantOrderId: string;
  amount: number;
  state: PhonepeRefundState;
  requestedAt: number;
}

/** PhonePe's in-memory books: tokens, orders by merchantOrderId, refunds, and the ledger. */
export class PhonepeStore {
  readonly ledger = new Ledger();
  private readonly tokens = new Map<string, number>();
  private readonly orders = new Map<string, PhonepeOrder>();
  private readonly refunds = new Map<string, PhonepeRefund>();

  /** `settleAfterMs`: when a pending payment settles (completed) and a refund completes. */
  constructor(private readonly settleAfterMs: SettleTimes) {}

  issueToken(now = Date.now()): { token: string; issuedAt: number; expiresAt: number } {
    const token = randomAlnum(40);
    const issuedAt = Math.floor(now / 1000);
    const expiresAt = issuedAt + TOKEN_TTL_SECONDS;
    this.tokens.set(token, expiresAt);
    return { token, issuedAt, expiresAt };
  }

  tokenValid(token: string, now = Date.now()): boolean {
    const expiresAt = this.tokens.get(token);
    return expiresAt !== undefined && expiresAt * 1000 > now;
  }

  createOrder(input: {
    merchantOrderId: string;
    amount: number;
    expireAfter?: number;
    redirectUrl: string;
    metaInfo?: Record<string, string>;
  }): PhonepeOrder {
    const order: PhonepeOrder = {
      orderId: `OMO${randomDigits(20)}`,
      merchantOrderId: input.merchantOrderId,
      amount: input.amount,
      state: 'PENDING',
      expireAt: Date.now() + (input.expireAfter ?? DEFAULT_EXPIRE_AFTER_SECONDS) * 1000,
      merchantRedirectUrl: input.redirectUrl,
      metaInfo: input.metaInfo,
      payments: [],
    };
    this.orders.set(order.merchantOrderId, order);
    return order;
  }

  order(merchantOrderId: string): PhonepeOrder | undefined {
    return this.orders.get(merchantOrderId);
  }

  orderById(orderId: string): PhonepeOrder | undefined {
    return [...this.orders.values()].find((order) => order.orderId === orderId);
  }

  /** One payment attempt on the order's pay page; a completed one is money captured. */
  pay(
    order: PhonepeOrder,
    state: PhonepeOrderState,
    paymentMode: PhonepePaymentMode,
    now = Date.now(),
  ): void {
    const detail = paymentAttempt(order.amount, state, paymentMode, now);
    order.payments.push(detail);
    this.setState(order, state, now);
  }

  private setState(order: PhonepeOrder, state: PhonepeOrderState, now: number): void {
    order.state = state;
    order.pendingSince = state === 'PENDING' ? now : undefined;
    const latest = order.payments.at(-1);
    if (latest) latest.state = state;
    if (state === 'COMPLETED') this.ledger.charge(order.merchantOrderId, order.amount);
  }

  /**
   * Moves time on: pending payments complete, unpaid orders expire (FAILED), refunds complete.
   * Answers the orders whose payment settled and the refunds that completed just now, so their
   * callbacks can be sent.
   */
  advance(now = Date.now(), force = false): { settled: PhonepeOrder[]; refunded: PhonepeRefund[] } {
    const settled: PhonepeOrder[] = [];
    const refunded: PhonepeRefund[] = [];
    for (const order of this.orders.values()) {
      if (order.state !== 'PENDING') continue;
      const attempted = order.pendingSince !== undefined;
      if (attempted && (force || now - (order.pendingSince ?? now) >= this.settleAfterMs.pending)) {
        this.setState(order, 'COMPLETED', now);
        settled.push(order);
      } else if (!attempted && now >= order.expireAt) {
        order.state = 'FAILED';
      }
    }
    for (const refund of this.refunds.values()) {
      if (refund.state === 'PENDING' && (force || now - refund.requestedAt >= this.settleAfterMs.refund)) {
        refund.state = 'COMPLETED';
        refunded.push(refund);
      }
    }
    return { settled, refunded };
  }

  refund(merchantRefundId: string): PhonepeRefund | undefined {
    return this.refunds.get(merchantRefundId);
  }

  addRefund(order: PhonepeOrder, merchantRefundId: string, amount: number, now = Date.now()): PhonepeRefund {
    const refund: PhonepeRefund = {
      refundId: `OMR${randomDigits(20)}`,
      merchantRefundId,
      merchantOrderId: order.merchantOrderId,
      amount,
      state: 'PENDING',
      requestedAt: now,
    };
    this.refunds.set(merchantRefundId, refund);
    this.ledger.refund(order.merchantOrderId, amount);
    return refund;
  }
}

/** One payment attempt as PhonePe reports it (a UPI rail; a failed one with PhonePe's error codes). */
export function paymentAttempt(
  amount: number,
  state: PhonepeOrderState,
  paymentMode: PhonepePaymentMode,
  now: number,
): PhonepePaymentDetail {
  return {
    transactionId: `OM${randomDigits(22)}`,
    paymentMode,
    timestamp: now,
    amount,
    state,
    ...(state === 'FAILED' ? { errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZM' } : {}),
    rail: { type: 'UPI', utr: randomDigits(12), upiTransactionId: `YBL${randomAlnum(20)}` },
  };
}

export function orderStatus(order: PhonepeOrder): PhonepeOrderStatusResponse & { merchantOrderId: string } {
  const latest = order.payments.at(-1);
  return {
    merchantId: MERCHANT_ID,
    merchantOrderId: order.merchantOrderId,
    orderId: order.orderId,
    state: order.state,
    amount: order.amount,
    expireAt: order.expireAt,
    ...(order.state === 'FAILED' ? { errorCode: latest?.errorCode ?? 'TXN_EXPIRED' } : {}),
    ...(order.metaInfo ? { metaInfo: order.metaInfo } : {}),
    paymentDetails: latest ? [latest] : [],
  };
}

export function refundStatus(refund: PhonepeRefund): PhonepeRefundStatusResponse {
  return {
    merchantId: MERCHANT_ID,
    merchantRefundId: refund.merchantRefundId,
    originalMerchantOrderId: refund.merchantOrderId,
    refundId: refund.refundId,
    amount: refund.amount,
    state: refund.state,
    timestamp: refund.requestedAt,
  };
}
