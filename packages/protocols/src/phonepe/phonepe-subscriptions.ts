import { indiaMinuteOfDay } from '@erti/contracts/india-time';
import type { PhonepeOrderState, PhonepePaymentDetail } from './phonepe.ts';

/**
 * PhonePe AutoPay (subscriptions v2, developer.phonepe.com "Autopay"): the web setup is a checkout
 * (`POST /checkout/v2/pay`, flow SUBSCRIPTION_CHECKOUT_SETUP) whose page authorises the mandate; then
 * `GET /subscriptions/v2/{merchantSubscriptionId}/status`, `POST /subscriptions/v2/notify` (the
 * pre-debit notice, at least 24 h before), `POST /subscriptions/v2/redeem` (the debit),
 * `GET /subscriptions/v2/order/{merchantOrderId}/status` and `POST /subscriptions/v2/{id}/cancel`.
 * Same O-Bearer token and same callback authorization (sha256 of username:password) as checkout.
 */

export type PhonepeSubscriptionFrequency =
  | 'DAILY'
  | 'WEEKLY'
  | 'FORTNIGHTLY'
  | 'MONTHLY'
  | 'BIMONTHLY'
  | 'QUARTERLY'
  | 'HALFYEARLY'
  | 'YEARLY'
  | 'ON_DEMAND';

export type PhonepeSubscriptionState =
  | 'CREATED'
  | 'AUTH_IN_PROGRESS'
  | 'ACTIVE'
  | 'PAUSED'
  | 'REVOKED'
  | 'CANCELLED'
  | 'EXPIRED'
  | 'FAILED';

/** The checkout body that sets a subscription up: `amount` is the authorisation debit (PENNY_DROP: 200). */
export interface PhonepeSubscriptionSetupRequest {
  merchantOrderId: string;
  amount: number;
  expireAfter?: number;
  metaInfo?: Record<string, string>;
  paymentFlow: {
    type: 'SUBSCRIPTION_CHECKOUT_SETUP';
    merchantUrls: { redirectUrl: string; cancelRedirectUrl?: string };
    subscriptionDetails: {
      subscriptionType: 'RECURRING';
      merchantSubscriptionId: string;
      authWorkflowType: 'PENNY_DROP' | 'TRANSACTION';
      amountType: 'FIXED' | 'VARIABLE';
      /** Paise: the most one debit may take. */
      maxAmount: number;
      frequency: PhonepeSubscriptionFrequency;
      /** Epoch ms after which the mandate ends. */
      expireAt?: number;
    };
  };
}

/** `GET /subscriptions/v2/{merchantSubscriptionId}/status`. */
export interface PhonepeSubscriptionStatus {
  merchantSubscriptionId: string;
  subscriptionId: string;
  state: PhonepeSubscriptionState;
  authWorkflowType: 'PENNY_DROP' | 'TRANSACTION';
  amountType: 'FIXED' | 'VARIABLE';
  maxAmount: number;
  frequency: PhonepeSubscriptionFrequency;
  expireAt: number;
  pauseStartDate?: number;
  pauseEndDate?: number;
}

/**
 * `POST /subscriptions/v2/notify`: the pre-debit notice of one redemption. CUSTOM: the merchant
 * retries a failed debit itself, in the off-peak windows only (`phonepeOffPeak`).
 */
export interface PhonepeNotifyRequest {
  merchantOrderId: string;
  amount: number;
  /** Epoch ms; by default 48 hours after the notice. */
  expireAt?: number;
  metaInfo?: Record<string, string>;
  paymentFlow: {
    type: 'SUBSCRIPTION_REDEMPTION';
    merchantSubscriptionId: string;
    redemptionRetryStrategy: 'STANDARD' | 'CUSTOM';
    autoDebit: boolean;
  };
}

export interface PhonepeNotifyResponse {
  orderId: string;
  state: 'NOTIFICATION_IN_PROGRESS' | 'NOTIFIED' | 'FAILED';
  expireAt: number;
}

/** `POST /subscriptions/v2/redeem`: the debit of a notified order. */
export interface PhonepeRedeemRequest {
  merchantOrderId: string;
}

export interface PhonepeRedeemResponse {
  transactionId: string;
  state: PhonepeOrderState;
}

/**
 * `GET /subscriptions/v2/order/{merchantOrderId}/status`: a setup or redemption order. Redemption
 * orders add the notice states before PENDING.
 */
export interface PhonepeSubscriptionOrderStatus {
  merchantId?: string;
  merchantOrderId: string;
  orderId: string;
  state: PhonepeOrderState | 'NOTIFICATION_IN_PROGRESS' | 'NOTIFIED';
  amount: number;
  expireAt: number;
  errorCode?: string;
  detailedErrorCode?: string;
  paymentFlow: {
    type: 'SUBSCRIPTION_SETUP' | 'SUBSCRIPTION_REDEMPTION';
    merchantSubscriptionId: string;
    redemptionRetryStrategy?: 'STANDARD' | 'CUSTOM';
    autoDebit?: boolean;
  };
  paymentDetails: PhonepePaymentDetail[];
}

export type PhonepeSubscriptionEvent =
  | 'subscription.setup.order.completed'
  | 'subscription.setup.order.failed'
  | 'subscription.notification.completed'
  | 'subscription.notification.failed'
  | 'subscription.redemption.order.completed'
  | 'subscription.redemption.order.failed'
  | 'subscription.paused'
  | 'subscription.unpaused'
  | 'subscription.revoked'
  | 'subscription.cancelled';

/** A subscription callback: an order's (setup, notice, redemption) or the subscription's own state. */
export interface PhonepeSubscriptionCallback {
  event: PhonepeSubscriptionEvent;
  payload: PhonepeSubscriptionOrderStatus | PhonepeSubscriptionStatus;
}

/** A pre-debit notice must reach the customer this long before the debit (RBI; PhonePe enforces it). */
export const PHONEPE_NOTICE_MS = 24 * 3_600_000;
/** CUSTOM retries: one attempt and three retries within 48 hours of the notice. */
export const PHONEPE_REDEMPTION_ATTEMPTS = 4;
export const PHONEPE_REDEMPTION_WINDOW_MS = 48 * 3_600_000;

/** PhonePe's non-peak periods in IST minutes of the day: 21:31–09:59 and 13:01–16:59. */
const OFF_PEAK_WINDOWS: readonly [number, number][] = [
  [0, 9 * 60 + 59],
  [13 * 60 + 1, 16 * 60 + 59],
  [21 * 60 + 31, 24 * 60 - 1],
];

/** Whether a retry of a failed redemption may run at `at` (within PhonePe's non-peak windows, IST). */
export function phonepeOffPeak(at: Date): boolean {
  const minute = indiaMinuteOfDay(at);
  return OFF_PEAK_WINDOWS.some(([from, to]) => minute >= from && minute <= to);
}

/** The first moment at or after `at` inside an off-peak window: when a failed redemption may be retried. */
export function phonepeNextOffPeak(at: Date): Date {
  if (phonepeOffPeak(at)) return at;
  const minute = indiaMinuteOfDay(at);
  const next = OFF_PEAK_WINDOWS.find(([from]) => from > minute)?.[0] ?? 24 * 60;
  const startOfMinute = at.getTime() - (at.getTime() % 60_000);
  return new Date(startOfMinute + (next - minute) * 60_000);
}

/**
 * The sandbox's record of one redemption order (`GET /phonepe/_sandbox/autopay/redemptions`, a test
 * control, decision 083), times on the sandbox's clock (ms), for the chaos run's audit.
 */
export interface PhonepeRedemptionRecord {
  merchantOrderId: string;
  merchantSubscriptionId: string;
  amount: number;
  /** The mandate's maximum and its state now. */
  maxAmount: number;
  subscriptionState: string;
  notifiedAt: number | null;
  state: string;
  attempts: { at: number; state: string }[];
}
