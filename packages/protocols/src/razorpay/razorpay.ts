import { createHmac } from 'node:crypto';
import type {
  RazorpayRecurringOrder,
  RazorpayRecurringWebhookEventName,
  RazorpayToken,
} from './razorpay-recurring.ts';

/** Checkout signature: hex HMAC-SHA256(key_secret, order_id|payment_id). */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Webhook signature: hex HMAC-SHA256(webhook_secret, raw body). */
export function razorpayWebhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** `POST /v1/orders` body: amount in paise (≥ 100). */
export interface RazorpayOrderRequest {
  amount: number;
  currency: 'INR';
  receipt: string;
  notes?: Record<string, string>;
}

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export type RazorpayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: RazorpayPaymentStatus;
  order_id: string;
  method: 'card' | 'netbanking' | 'wallet' | 'upi' | 'emi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
  acquirer_data: Record<string, string>;
  notes: Record<string, string> | [];
  created_at: number;
}

/** `POST /v1/payments/{id}/refund` body; amount omitted = the whole rest. */
export interface RazorpayRefundRequest {
  amount?: number;
  speed?: 'normal' | 'optimum';
  receipt?: string;
  notes?: Record<string, string>;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string> | [];
  status: 'pending' | 'processed' | 'failed';
  speed_requested: 'normal' | 'optimum';
  created_at: number;
}

export type RazorpayWebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.processed'
  | 'refund.failed';

/** Webhook body, signed with `X-Razorpay-Signature` over the raw bytes; `X-Razorpay-Event-Id` de-duplicates. */
export interface RazorpayWebhookEvent {
  entity: 'event';
  account_id: string;
  event: RazorpayWebhookEventName | RazorpayRecurringWebhookEventName;
  contains: string[];
  payload: {
    payment?: { entity: RazorpayPayment };
    order?: { entity: RazorpayOrder | RazorpayRecurringOrder };
    refund?: { entity: RazorpayRefund };
    token?: { entity: RazorpayToken };
  };
  created_at: number;
}

export interface RazorpayError {
  error: {
    code: string;
    description: string;
    source?: string;
    step?: string;
    reason?: string;
    field?: string | null;
    metadata?: Record<string, string>;
  };
}
