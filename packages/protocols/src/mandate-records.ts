/**
 * The sandbox gateways' own records of AutoPay debits (test controls, decision 083): what each
 * gateway did about one debit, with times on the sandbox's clock (ms), for the chaos run's audit.
 */

/** PhonePe: one redemption order (`GET /phonepe/_sandbox/autopay/redemptions`). */
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

/** Razorpay: one debit's order with its notification (`GET /razorpay/_sandbox/recurring/debits`). */
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
