import { GATEWAYS } from '@erti/contracts';
import type { PhonepeRedemptionRecord, RazorpayRecurringDebitRecord } from '@erti/protocols';
import type { Gateway } from './journeys.ts';

/**
 * The sandbox's tester controls: fault rules (`/faults`), settling what gateways hold pending, and
 * the outside world's own records of money (each gateway's ledger, the bill network's transactions).
 */

/** Every gateway the sandbox simulates: the contracts' list (decision 125). */
export const gateways: readonly Gateway[] = GATEWAYS;

export interface FaultRule {
  path: string;
  method?: string;
  kind: 'delay' | 'timeout' | 'error' | 'duplicate' | 'outOfOrder' | 'fail' | 'pending' | 'lost';
  delayMs?: number;
  status?: number;
  count?: number;
  /** How long (ms) from its adding the rule is live. */
  forMs?: number;
}

export interface StoredFaultRule extends FaultRule {
  id: number;
  hits: number;
}

/** What a gateway really charged and refunded on one of its orders. */
export interface LedgerEntry {
  order: string;
  charged: number;
  charges: number;
  refunded: number;
  refunds: number;
}

/** One payment request the bill network received (once per clientRequestId, our order id). */
export interface NetworkTransaction {
  clientRequestId: string;
  txnReferenceId: string | null;
  refId: string | null;
  amount: string;
  status: 'SUCCESS' | 'FAILURE' | 'PENDING' | 'REFUSED';
  payCalls: number;
}

export interface MandateDebitRecords {
  phonepe: PhonepeRedemptionRecord[];
  razorpay: RazorpayRecurringDebitRecord[];
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export function sandboxControl(sandboxUrl: string) {
  return {
    addFault: (rule: FaultRule) =>
      json(`${sandboxUrl}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rule),
      }),

    faults: async () => (await json<{ rules: StoredFaultRule[] }>(`${sandboxUrl}/faults`)).rules,

    clearFaults: () => json(`${sandboxUrl}/faults`, { method: 'DELETE' }),

    /** Every gateway settles what it holds pending and completes queued refunds now (sending their callbacks). */
    settleGateways: () =>
      Promise.all(
        gateways.map((gateway) => json(`${sandboxUrl}/${gateway}/_sandbox/settle`, { method: 'POST' })),
      ),

    ledger: async (gateway: Gateway) =>
      (await json<{ orders: LedgerEntry[] }>(`${sandboxUrl}/${gateway}/_sandbox/ledger`)).orders,

    mails: () => json<MailFacts[]>(`${sandboxUrl}/mailbox/messages`),

    /** Moves the sandbox's one clock (its gateways' mandates and the bill network) forward; answers its offset. */
    advanceClock: async (advanceMs: number) =>
      (
        await json<{ offsetMs: number }>(`${sandboxUrl}/__test/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceMs }),
        })
      ).offsetMs,

    /** The customers' banks answer every AutoPay debit left pending (PhonePe and Razorpay). */
    settleMandateDebits: () =>
      Promise.all([
        json(`${sandboxUrl}/phonepe/_sandbox/autopay/settle`, { method: 'POST' }),
        json(`${sandboxUrl}/razorpay/_sandbox/recurring/settle`, { method: 'POST' }),
      ]),

    mandateDebits: async (): Promise<MandateDebitRecords> => ({
      phonepe: (
        await json<{ redemptions: PhonepeRedemptionRecord[] }>(
          `${sandboxUrl}/phonepe/_sandbox/autopay/redemptions`,
        )
      ).redemptions,
      razorpay: (
        await json<{ debits: RazorpayRecurringDebitRecord[] }>(
          `${sandboxUrl}/razorpay/_sandbox/recurring/debits`,
        )
      ).debits,
    }),

    networkTransactions: async () =>
      (await json<{ transactions: NetworkTransaction[] }>(`${sandboxUrl}/bou/_sandbox/transactions`))
        .transactions,
  };
}

/** One mail as the sandbox mailbox lists it. */
export interface MailFacts {
  to: string;
  subject: string;
  text: string;
}

export type SandboxControl = ReturnType<typeof sandboxControl>;
