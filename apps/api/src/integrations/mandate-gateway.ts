import type { Gateway } from '@erti/contracts';

/**
 * What AutoPay needs from a gateway's mandates (decision 075), whichever gateway: set one up (the
 * customer authorises it on the gateway's page), read its state, tell the customer of a debit at
 * least 24 hours ahead, debit, read the debit, and cancel. Amounts are integer paise. Every call is
 * idempotent under our ids (the mandate id, the debit id), so a retried job never debits twice.
 * Implemented by integrations/phonepe/phonepe-mandates.ts and integrations/razorpay/razorpay-mandates.ts.
 */

/** How often a mandate may be debited; a bill's debits are as presented (PhonePe ON_DEMAND). */
export type MandateFrequency = 'AS_PRESENTED' | 'MONTHLY' | 'BIMONTHLY' | 'QUARTERLY' | 'YEARLY';

export interface MandateSetup {
  /** Our id of the mandate: 1 to 40 of [A-Za-z0-9_-] (PhonePe's merchantSubscriptionId). */
  mandateId: string;
  /** Our id of the authorisation order: 1 to 40 of [A-Za-z0-9_-]. */
  setupOrderId: string;
  customer: { name: string; email: string; contact: string };
  /** The most one debit may take (the customer's cap). */
  maxAmountPaise: number;
  frequency: MandateFrequency;
  validUntil: Date;
  /** Where the gateway sends the browser back once the customer has answered. */
  returnUrl: string;
  /** What the customer reads on the gateway's page. */
  description: string;
}

/** The gateway's names for a mandate: AutoPay stores them and hands them back on every call. */
export interface MandateGatewayRefs {
  /** The gateway's order of the authorisation (PhonePe orderId, Razorpay order_…). */
  setupOrderId: string;
  /** Razorpay: the customer (cust_…) and, once authorised, the token (token_…). */
  customerId?: string;
  tokenId?: string;
}

export interface MandateRef {
  mandateId: string;
  gatewayRefs: MandateGatewayRefs;
}

/** How the browser goes to the gateway's mandate page: a link, or a form the web posts. */
export type MandateHandOff =
  | { method: 'GET'; url: string }
  | { method: 'POST'; url: string; fields: Record<string, string> };

export interface MandateAuthorisation {
  mandate: MandateRef;
  handOff: MandateHandOff;
}

/**
 * PENDING: waiting for the customer. REVOKED: ended by the customer at the gateway (their UPI app);
 * CANCELLED: ended by us (Razorpay does not say who ended a token: its ended tokens are CANCELLED).
 */
export type MandateState = 'PENDING' | 'ACTIVE' | 'PAUSED' | 'REVOKED' | 'CANCELLED' | 'FAILED' | 'EXPIRED';

export interface MandateStatus {
  state: MandateState;
  maxAmountPaise?: number;
  /** The refs as they are now (Razorpay: with the token once the customer authorised). */
  gatewayRefs: MandateGatewayRefs;
  /** The provider's own words, for the event log. */
  providerStatus: string;
}

export interface DebitNoticeRequest {
  /** Our id of the debit (the order's merchantOrderId): 1 to 40 of [A-Za-z0-9_-]. */
  debitId: string;
  amountPaise: number;
  /** When we mean to debit: at least 24 hours after the notice (RBI); sooner is moved to then. */
  debitAt: Date;
  /** What the customer reads in the notice. */
  description: string;
}

export interface DebitNotice {
  /** NOTIFIED: the customer was told; FAILED: they could not be (no debit may follow). */
  state: 'NOTIFYING' | 'NOTIFIED' | 'FAILED';
  /** The gateway's order of the debit (PhonePe orderId, Razorpay order_…). */
  gatewayOrderId: string;
  /** The earliest the gateway lets the debit run. */
  debitableFrom: Date;
  providerStatus: string;
}

export interface DebitRef {
  debitId: string;
  mandate: MandateRef;
  amountPaise: number;
  gatewayOrderId: string;
  /** The customer, as the gateway wants them on a debit (Razorpay). */
  customer: { email: string; contact: string };
}

/** NOT_ATTEMPTED: notified, no debit tried yet. */
export type DebitState = 'NOTIFYING' | 'NOT_ATTEMPTED' | 'PENDING' | 'COMPLETED' | 'FAILED';

export interface DebitCheck {
  state: DebitState;
  amountPaise?: number;
  /** The gateway's payment id of the latest attempt. */
  paymentId?: string;
  /** Debit attempts so far. */
  attempts: number;
  /** A FAILED debit the gateway would still take a retry of (at `nextRetryAt`). */
  retryable: boolean;
  providerStatus: string;
}

export interface MandateGateway {
  readonly name: Gateway;
  /** Opens the mandate at the gateway; the customer authorises it through `handOff`. */
  setUp(setup: MandateSetup): Promise<MandateAuthorisation>;
  status(mandate: MandateRef): Promise<MandateStatus>;
  /** The pre-debit notice (asking again with the same debit id answers the first notice). */
  notify(mandate: MandateRef, debit: DebitNoticeRequest): Promise<DebitNotice>;
  /**
   * Debits a notified debit: never twice (a debit completed or in flight is answered as it is), a
   * retry of a failed one only when the gateway allows it. Refusals are MandateRefusedError.
   */
  debit(debit: DebitRef): Promise<DebitCheck>;
  checkDebit(debit: DebitRef): Promise<DebitCheck>;
  /** When a failed debit may next be retried, at or after `at` (PhonePe: its off-peak windows). */
  nextRetryAt(at: Date): Date;
  /** Revokes the mandate at the gateway; an ended mandate is answered as it is. */
  cancel(mandate: MandateRef): Promise<MandateStatus>;
}

export type MandateRefusal =
  | 'MANDATE_NOT_ACTIVE'
  | 'ABOVE_MANDATE_LIMIT'
  | 'NOT_NOTIFIED'
  | 'TOO_EARLY'
  | 'OUTSIDE_RETRY_WINDOW'
  | 'RETRIES_EXHAUSTED';

/** The gateway (or our side of its rules) refuses a mandate call for a reason AutoPay acts on. */
export class MandateRefusedError extends Error {
  constructor(
    readonly gateway: Gateway,
    readonly reason: MandateRefusal,
    detail: string,
  ) {
    super(`${gateway} refused: ${reason} (${detail})`);
    this.name = 'MandateRefusedError';
  }
}

/** The job a verified mandate callback or webhook queues (AutoPay handles it). */
export const MANDATE_EVENT_JOB = 'mandate-event';

/** What a mandate callback names; AutoPay finds its mandate or debit by any of them, then asks the gateway. */
export interface MandateEvent {
  gateway: Gateway;
  /** The provider's event name (`subscription.revoked`, `token.confirmed`, ...). */
  event: string;
  mandateId?: string;
  /** Razorpay's token of the mandate. */
  tokenId?: string;
  debitId?: string;
  /** The gateway's order of the mandate's authorisation or of a debit. */
  gatewayOrderId?: string;
}

/**
 * RBI's e-mandate limit without an additional authentication (decision 076): ₹15,000 a debit, ₹1
 * lakh for credit-card bills, insurance premiums and mutual funds. A larger debit is not attempted
 * automatically.
 */
export function eMandateLimitPaise(billerCategory: string): number {
  return /credit card|insurance|mutual fund/i.test(billerCategory) ? 10_000_000 : 1_500_000;
}
