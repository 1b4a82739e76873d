import type { RazorpayOrder, RazorpayPayment } from './razorpay.ts';

/**
 * Razorpay recurring payments (razorpay.com/docs "Recurring Payments", UPI AutoPay): a customer
 * (`POST /v1/customers`), an authorisation order carrying a `token` block (the mandate's limit and
 * frequency), paid once on the checkout with `customer_id` and `recurring=1`, which yields a token;
 * then per debit an order with a `notification` (the pre-debit notice) and a payment on the token
 * (`POST /v1/payments/create/recurring`). Tokens are cancelled with
 * `PUT /v1/customers/{customer_id}/tokens/{token_id}/cancel`. Webhooks: `token.confirmed`,
 * `token.rejected`, `token.cancelled`, `token.paused`, `order.notification.delivered`,
 * `order.notification.failed` and the payment events, signed as every webhook.
 */

export interface RazorpayCustomerRequest {
  name?: string;
  email?: string;
  contact?: string;
  /** '0': answer the existing customer with the same details instead of an error. */
  fail_existing?: '0' | '1';
  notes?: Record<string, string>;
}

export interface RazorpayCustomer {
  id: string;
  entity: 'customer';
  name: string | null;
  email: string | null;
  contact: string | null;
  notes: Record<string, string> | [];
  created_at: number;
}

export type RazorpayTokenFrequency =
  | 'daily'
  | 'weekly'
  | 'fortnightly'
  | 'monthly'
  | 'bimonthly'
  | 'quarterly'
  | 'half_yearly'
  | 'yearly'
  | 'as_presented';

/** The authorisation order's `token` block (UPI AutoPay): paise, epoch seconds. */
export interface RazorpayOrderToken {
  max_amount: number;
  expire_at: number;
  frequency: RazorpayTokenFrequency;
}

/** A subsequent debit's pre-debit notice: the token and the earliest payment time (epoch seconds). */
export interface RazorpayOrderNotification {
  token_id: string;
  payment_after: number;
}

/** `POST /v1/orders` of recurring payments: the authorisation order (token) or a debit's (notification). */
export interface RazorpayRecurringOrderRequest {
  amount: number;
  currency: 'INR';
  receipt: string;
  customer_id?: string;
  method?: 'upi' | 'card' | 'emandate';
  payment_capture?: boolean;
  token?: RazorpayOrderToken;
  notification?: RazorpayOrderNotification;
  notes?: Record<string, string>;
}

export type RazorpayRecurringOrder = RazorpayOrder & {
  customer_id?: string;
  token?: RazorpayOrderToken;
  notification?: RazorpayOrderNotification & { status: 'pending' | 'delivered' | 'failed' };
};

export type RazorpayTokenRecurringStatus = 'initiated' | 'confirmed' | 'rejected' | 'cancelled' | 'paused';

export interface RazorpayToken {
  id: string;
  entity: 'token';
  token: string;
  method: 'upi' | 'card' | 'emandate';
  recurring: boolean;
  recurring_details: { status: RazorpayTokenRecurringStatus; failure_reason: string | null };
  max_amount: number;
  frequency: RazorpayTokenFrequency;
  expired_at: number;
  customer_id: string;
  created_at: number;
}

/** `POST /v1/payments/create/recurring`: a debit on the token, for an order with a delivered notice. */
export interface RazorpayRecurringPaymentRequest {
  email: string;
  contact: string;
  amount: number;
  currency: 'INR';
  order_id: string;
  customer_id: string;
  token: string;
  recurring: '1';
  description?: string;
  notes?: Record<string, string>;
}

export interface RazorpayRecurringPaymentResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export type RazorpayRecurringPayment = RazorpayPayment & {
  customer_id?: string;
  token_id?: string;
  recurring?: boolean;
};

export type RazorpayRecurringWebhookEventName =
  | 'token.confirmed'
  | 'token.rejected'
  | 'token.cancelled'
  | 'token.paused'
  | 'order.notification.delivered'
  | 'order.notification.failed';

/**
 * Razorpay leaves retries of a failed debit to the merchant. We keep NPCI's UPI AutoPay bounds, as
 * PhonePe does: one attempt and three retries, within 48 hours of the time the notice allowed.
 */
export const RAZORPAY_DEBIT_ATTEMPTS = 4;
export const RAZORPAY_RETRY_WINDOW_SECONDS = 48 * 3600;

/** Whether a debit's order whose attempts all failed may still be retried at `nowSeconds`. */
export function razorpayDebitRetryable(
  order: RazorpayRecurringOrder,
  attempts: number,
  nowSeconds: number,
): boolean {
  const due = order.notification?.payment_after;
  return (
    due !== undefined &&
    attempts > 0 &&
    attempts < RAZORPAY_DEBIT_ATTEMPTS &&
    nowSeconds < due + RAZORPAY_RETRY_WINDOW_SECONDS
  );
}

/**
 * Whether a debit's order whose notice was delivered, and which has no attempt yet, may still be
 * debited at `nowSeconds`: our debit may be retrying a call that did not get through.
 */
export function razorpayDebitAwaited(order: RazorpayRecurringOrder, nowSeconds: number): boolean {
  const due = order.notification?.payment_after;
  return (
    order.notification?.status === 'delivered' &&
    due !== undefined &&
    nowSeconds < due + RAZORPAY_RETRY_WINDOW_SECONDS
  );
}

/**
 * The sandbox's record of one debit's order with its notification (`GET /razorpay/_sandbox/recurring/debits`,
 * a test control, decision 083), times on the sandbox's clock (ms), for the chaos run's audit.
 */
export interface RazorpayRecurringDebitRecord {
  orderId: string;
  receipt: string | null;
  amount: number;
  tokenId: string;
  /** The token's maximum and its status now. */
  maxAmount: number;
  tokenStatus: string;
  notifiedAt: number | null;
  paymentAfter: number;
  attempts: { at: number; status: string }[];
}
