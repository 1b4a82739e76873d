import {
  PHONEPE_NOTICE_MS,
  PHONEPE_REDEMPTION_ATTEMPTS,
  PHONEPE_REDEMPTION_WINDOW_MS,
  type PhonepeNotifyRequest,
  type PhonepeOrderState,
  type PhonepePaymentDetail,
  type PhonepeRedemptionRecord,
  type PhonepeSubscriptionOrderStatus,
  type PhonepeSubscriptionSetupRequest,
  type PhonepeSubscriptionState,
  type PhonepeSubscriptionStatus,
  phonepeOffPeak,
} from '@erti/protocols';
import type { SandboxClock } from '../bou/clock.ts';
import { randomDigits } from '../gateway-kit/ids.ts';
import type { Ledger } from '../gateway-kit/ledger.ts';
import { MERCHANT_ID, paymentAttempt } from './phonepe-store.ts';

/** How long the mandate page stays open, and how long a mandate lasts unless the merchant says. */
const SETUP_OPEN_MS = 10 * 60_000;
const MANDATE_YEARS_MS = 30 * 365 * 86_400_000;

type Subscription = PhonepeSubscriptionStatus;

interface SubscriptionOrder {
  orderId: string;
  merchantOrderId: string;
  merchantSubscriptionId: string;
  flow: 'SUBSCRIPTION_SETUP' | 'SUBSCRIPTION_REDEMPTION';
  amount: number;
  state: PhonepeSubscriptionOrderStatus['state'];
  expireAt: number;
  /** Setup: where the mandate page returns the browser. */
  redirectUrl?: string;
  cancelRedirectUrl?: string;
  /** Redemption: when the notice reached the customer, and the retry strategy. */
  notifiedAt?: number;
  strategy?: 'STANDARD' | 'CUSTOM';
  autoDebit?: boolean;
  payments: PhonepePaymentDetail[];
  /** Redemption: how a pending debit ends when its bank answers (a fault may make it fail). */
  settlesTo?: 'COMPLETED' | 'FAILED';
}

/** Why PhonePe refuses a redemption; each is a 400 with this code (the sandbox's words). */
export type RedeemRefusal =
  | 'SUBSCRIPTION_NOT_ACTIVE'
  | 'NOT_NOTIFIED'
  | 'REDEMPTION_TOO_EARLY'
  | 'RETRY_OUTSIDE_OFF_PEAK'
  | 'RETRIES_EXHAUSTED'
  | 'ORDER_ALREADY_COMPLETED';

/**
 * PhonePe AutoPay's books: subscriptions (mandates) and their orders, on a clock tests move. The
 * rules PhonePe enforces live here: a debit only on an active mandate, within its maximum, at least
 * 24 hours after its notice; a failed debit retried only off-peak, at most three times in 48 hours.
 */
export class PhonepeAutopayStore {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly orders = new Map<string, SubscriptionOrder>();

  constructor(
    readonly clock: SandboxClock,
    private readonly ledger: Ledger,
  ) {}

  private now(): number {
    return this.clock.now().getTime();
  }

  subscription(merchantSubscriptionId: string): Subscription | undefined {
    const subscription = this.subscriptions.get(merchantSubscriptionId);
    if (subscription?.state === 'ACTIVE' && this.now() >= subscription.expireAt)
      subscription.state = 'EXPIRED';
    return subscription;
  }

  order(merchantOrderId: string): SubscriptionOrder | undefined {
    return this.orders.get(merchantOrderId);
  }

  orderById(orderId: string): SubscriptionOrder | undefined {
    return [...this.orders.values()].find((order) => order.orderId === orderId);
  }

  /** A setup checkout: the subscription waits for the customer on the mandate page. */
  setUp(request: PhonepeSubscriptionSetupRequest): SubscriptionOrder {
    const details = request.paymentFlow.subscriptionDetails;
    const now = this.now();
    this.subscriptions.set(details.merchantSubscriptionId, {
      merchantSubscriptionId: details.merchantSubscriptionId,
      subscriptionId: `OMS${randomDigits(20)}`,
      state: 'CREATED',
      authWorkflowType: details.authWorkflowType,
      amountType: details.amountType,
      maxAmount: details.maxAmount,
      frequency: details.frequency,
      expireAt: details.expireAt ?? now + MANDATE_YEARS_MS,
    });
    return this.addOrder({
      merchantOrderId: request.merchantOrderId,
      merchantSubscriptionId: details.merchantSubscriptionId,
      flow: 'SUBSCRIPTION_SETUP',
      amount: request.amount,
      state: 'PENDING',
      expireAt: now + (request.expireAfter ? request.expireAfter * 1000 : SETUP_OPEN_MS),
      redirectUrl: request.paymentFlow.merchantUrls.redirectUrl,
      cancelRedirectUrl: request.paymentFlow.merchantUrls.cancelRedirectUrl,
    });
  }

  /** The customer's answer on the mandate page. The authorisation debit is reversed: no setup fee. */
  authorise(order: SubscriptionOrder, approved: boolean): Subscription {
    const subscription = this.subscriptions.get(order.merchantSubscriptionId) as Subscription;
    const state: PhonepeOrderState = approved ? 'COMPLETED' : 'FAILED';
    this.attempt(order, state);
    subscription.state = approved ? 'ACTIVE' : 'FAILED';
    return subscription;
  }

  /** A pre-debit notice; `delivered` false when the customer could not be told (a fault). */
  notify(request: PhonepeNotifyRequest, delivered: boolean): SubscriptionOrder {
    const now = this.now();
    return this.addOrder({
      merchantOrderId: request.merchantOrderId,
      merchantSubscriptionId: request.paymentFlow.merchantSubscriptionId,
      flow: 'SUBSCRIPTION_REDEMPTION',
      amount: request.amount,
      state: delivered ? 'NOTIFIED' : 'FAILED',
      expireAt: request.expireAt ?? now + PHONEPE_REDEMPTION_WINDOW_MS,
      notifiedAt: delivered ? now : undefined,
      strategy: request.paymentFlow.redemptionRetryStrategy,
      autoDebit: request.paymentFlow.autoDebit,
    });
  }

  /** Why a redemption may not run now, if it may not. */
  redeemRefusal(order: SubscriptionOrder): RedeemRefusal | undefined {
    const subscription = this.subscription(order.merchantSubscriptionId);
    const now = this.now();
    if (order.state === 'COMPLETED') return 'ORDER_ALREADY_COMPLETED';
    if (subscription?.state !== 'ACTIVE') return 'SUBSCRIPTION_NOT_ACTIVE';
    if (order.notifiedAt === undefined) return 'NOT_NOTIFIED';
    if (now < order.notifiedAt + PHONEPE_NOTICE_MS) return 'REDEMPTION_TOO_EARLY';
    if (order.payments.length === 0) return undefined;
    if (order.payments.length >= PHONEPE_REDEMPTION_ATTEMPTS || now >= order.expireAt)
      return 'RETRIES_EXHAUSTED';
    return phonepeOffPeak(new Date(now)) ? undefined : 'RETRY_OUTSIDE_OFF_PEAK';
  }

  /** One debit attempt on a notified order (PENDING until it settles, then `settlesTo`). */
  redeem(
    order: SubscriptionOrder,
    state: PhonepeOrderState,
    settlesTo: 'COMPLETED' | 'FAILED' = 'COMPLETED',
  ): PhonepePaymentDetail {
    order.settlesTo = settlesTo;
    return this.attempt(order, state);
  }

  /** Settles debits left pending: they complete, or fail when a fault said so (the customer's bank answered). */
  settlePending(): SubscriptionOrder[] {
    const settled = [...this.orders.values()].filter(
      (order) => order.flow === 'SUBSCRIPTION_REDEMPTION' && order.state === 'PENDING',
    );
    for (const order of settled) this.setState(order, order.settlesTo ?? 'COMPLETED');
    return settled;
  }

  /** Every debit's notice and attempts, for the chaos run's audit. */
  redemptions(): PhonepeRedemptionRecord[] {
    return [...this.orders.values()]
      .filter((order) => order.flow === 'SUBSCRIPTION_REDEMPTION')
      .map((order) => {
        const subscription = this.subscriptions.get(order.merchantSubscriptionId);
        return {
          merchantOrderId: order.merchantOrderId,
          merchantSubscriptionId: order.merchantSubscriptionId,
          amount: order.amount,
          maxAmount: subscription?.maxAmount ?? 0,
          subscriptionState: subscription?.state ?? 'UNKNOWN',
          notifiedAt: order.notifiedAt ?? null,
          state: order.state,
          attempts: order.payments.map((payment) => ({ at: payment.timestamp, state: payment.state })),
        };
      });
  }

  /** The merchant cancels, or the customer revokes in their UPI app; false when it was not live. */
  end(merchantSubscriptionId: string, state: Extract<PhonepeSubscriptionState, 'CANCELLED' | 'REVOKED'>) {
    const subscription = this.subscription(merchantSubscriptionId);
    if (subscription?.state !== 'ACTIVE' && subscription?.state !== 'PAUSED') return undefined;
    subscription.state = state;
    return subscription;
  }

  private addOrder(input: Omit<SubscriptionOrder, 'orderId' | 'payments'>): SubscriptionOrder {
    const order: SubscriptionOrder = { ...input, orderId: `OMO${randomDigits(20)}`, payments: [] };
    this.orders.set(order.merchantOrderId, order);
    return order;
  }

  private attempt(order: SubscriptionOrder, state: PhonepeOrderState): PhonepePaymentDetail {
    const detail = paymentAttempt(order.amount, state, 'UPI_INTENT', this.now());
    order.payments.push(detail);
    this.setState(order, state);
    return detail;
  }

  private setState(order: SubscriptionOrder, state: PhonepeOrderState): void {
    order.state = state;
    const latest = order.payments.at(-1);
    if (latest) latest.state = state;
    if (state === 'COMPLETED' && order.flow === 'SUBSCRIPTION_REDEMPTION')
      this.ledger.charge(order.merchantOrderId, order.amount);
  }
}

export type { SubscriptionOrder };

/** The status answer of a setup or redemption order. */
export function subscriptionOrderStatus(order: SubscriptionOrder): PhonepeSubscriptionOrderStatus {
  const latest = order.payments.at(-1);
  return {
    merchantId: MERCHANT_ID,
    merchantOrderId: order.merchantOrderId,
    orderId: order.orderId,
    state: order.state,
    amount: order.amount,
    expireAt: order.expireAt,
    ...(order.state === 'FAILED' ? { errorCode: latest?.errorCode ?? 'NOTIFICATION_FAILED' } : {}),
    paymentFlow: {
      type: order.flow,
      merchantSubscriptionId: order.merchantSubscriptionId,
      ...(order.flow === 'SUBSCRIPTION_REDEMPTION'
        ? { redemptionRetryStrategy: order.strategy, autoDebit: order.autoDebit }
        : {}),
    },
    paymentDetails: order.payments,
  };
}
