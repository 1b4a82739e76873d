import { createHash } from 'node:crypto';

/** PhonePe v2 callback authorization: lower-case hex sha256 of "username:password". */
export function phonepeCallbackAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

export type PhonepeOrderState = 'PENDING' | 'COMPLETED' | 'FAILED';
export type PhonepeRefundState = 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED';

/** merchantOrderId and merchantRefundId: at most 63 of [A-Za-z0-9_-]. */
export const PHONEPE_ID_PATTERN = /^[A-Za-z0-9_-]{1,63}$/;

/** `POST /v1/oauth/token` answer (form body request). */
export interface PhonepeTokenResponse {
  access_token: string;
  encrypted_access_token?: string;
  expires_in?: number;
  issued_at: number;
  /** Epoch seconds. */
  expires_at: number;
  session_expires_at?: number;
  token_type: 'O-Bearer';
}

/** `POST /checkout/v2/pay`: amount in paise (≥ 100). */
export interface PhonepePayRequest {
  merchantOrderId: string;
  amount: number;
  expireAfter?: number;
  metaInfo?: Record<string, string>;
  paymentFlow: {
    type: 'PG_CHECKOUT';
    message?: string;
    merchantUrls: { redirectUrl: string };
  };
}

export interface PhonepePayResponse {
  orderId: string;
  state: 'PENDING';
  /** Epoch ms. */
  expireAt: number;
  redirectUrl: string;
}

export type PhonepePaymentMode =
  | 'UPI_COLLECT'
  | 'UPI_INTENT'
  | 'UPI_QR'
  | 'PPE_INTENT'
  | 'CARD'
  | 'TOKEN'
  | 'NET_BANKING';

/** One payment attempt of an order. */
export interface PhonepePaymentDetail {
  transactionId: string;
  paymentMode: PhonepePaymentMode;
  /** Epoch ms. */
  timestamp: number;
  amount: number;
  state: PhonepeOrderState;
  errorCode?: string;
  detailedErrorCode?: string;
  rail?: { type: 'UPI' | 'PG'; utr?: string; upiTransactionId?: string; transactionId?: string };
}

/** `GET /checkout/v2/order/{merchantOrderId}/status`. */
export interface PhonepeOrderStatusResponse {
  merchantOrderId?: string;
  merchantId?: string;
  orderId: string;
  state: PhonepeOrderState;
  amount: number;
  expireAt: number;
  errorCode?: string;
  detailedErrorCode?: string;
  metaInfo?: Record<string, string>;
  paymentDetails: PhonepePaymentDetail[];
}

/** `POST /payments/v2/refund`: amount in paise (≥ 100, ≤ what is left of the order). */
export interface PhonepeRefundRequest {
  merchantRefundId: string;
  originalMerchantOrderId: string;
  amount: number;
}

export interface PhonepeRefundResponse {
  refundId: string;
  amount: number;
  state: PhonepeRefundState;
}

/** `GET /payments/v2/refund/{merchantRefundId}/status`. */
export interface PhonepeRefundStatusResponse {
  merchantId?: string;
  merchantRefundId: string;
  originalMerchantOrderId: string;
  refundId: string;
  amount: number;
  state: PhonepeRefundState;
  timestamp: number;
  errorCode?: string;
}

export type PhonepeCallbackEvent =
  | 'checkout.order.completed'
  | 'checkout.order.failed'
  | 'pg.refund.accepted'
  | 'pg.refund.completed'
  | 'pg.refund.failed';

/**
 * The S2S callback body, sent with `Authorization: sha256(username:password)`: an order's outcome
 * (`checkout.order.*`) carries the order status, a refund's (`pg.refund.*`) the refund status.
 */
export interface PhonepeCallback {
  /** Deprecated in favour of `event`. */
  type?: string;
  event: PhonepeCallbackEvent;
  payload: (PhonepeOrderStatusResponse & { merchantOrderId: string }) | PhonepeRefundStatusResponse;
}

/** PhonePe error answers carry `code` (or `errorCode`) and `message`. */
export interface PhonepeError {
  code?: string;
  errorCode?: string;
  message: string;
  data?: Record<string, unknown>;
}
