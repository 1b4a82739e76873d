import type {
  PayuRefundAction,
  PayuStatus,
  PayuUnmappedStatus,
  PayuVerifiedTransaction,
} from '@erti/protocols';
import { paiseToPayuAmount } from '@erti/protocols';
import { randomDigits } from '../gateway-kit/ids.ts';
import { Ledger } from '../gateway-kit/ledger.ts';
import type { SettleTimes } from '../modules.ts';

/** A checkout the customer never finished counts as abandoned ("bounced") after this. */
export const CHECKOUT_EXPIRES_AFTER_MS = 15 * 60_000;

/** One `_payment` hand-off: the form the merchant posted and what became of it. */
export interface PayuAttempt {
  mihpayid: string;
  txnid: string;
  amountPaise: number;
  form: Record<string, string>;
  status: 'initiated' | PayuStatus;
  unmappedstatus: PayuUnmappedStatus | 'initiated';
  mode: string;
  bankcode: string;
  cardnum: string;
  bankRefNum: string;
  errorCode: string;
  errorMessage: string;
  addedon: string;
  createdAt: number;
  pendingSince?: number;
}

export interface PayuRefund {
  requestId: string;
  mihpayid: string;
  txnid: string;
  token: string;
  amountPaise: number;
  status: 'queued' | 'success';
  requestedAt: number;
}

/** PayU's in-memory books: attempts per txnid, refunds, and the ledger of real money. */
export class PayuStore {
  readonly ledger = new Ledger();
  private readonly attempts = new Map<string, PayuAttempt>();
  private readonly refunds = new Map<string, PayuRefund>();

  /** `settleAfterMs`: how long a pending payment takes to settle, and a queued refund to complete. */
  constructor(private readonly settleAfterMs: SettleTimes) {}

  addAttempt(attempt: PayuAttempt): void {
    this.attempts.set(attempt.mihpayid, attempt);
  }

  attempt(mihpayid: string): PayuAttempt | undefined {
    return this.attempts.get(mihpayid);
  }

  /** The attempt that decides a txnid's status: a successful one if any, else the newest. */
  attemptForTxnid(txnid: string): PayuAttempt | undefined {
    const all = [...this.attempts.values()].filter((attempt) => attempt.txnid === txnid);
    return all.find((attempt) => attempt.status === 'success') ?? all.at(-1);
  }

  hasSucceeded(txnid: string): boolean {
    return this.attemptForTxnid(txnid)?.status === 'success';
  }

  /**
   * Records a final outcome; a success is money captured. A txnid succeeds once (protocols.md §1): an
   * attempt that would succeed after another attempt of its txnid did (a pending UPI payment settling
   * after a retry with a card) fails instead, as PayU's "Duplicate Order ID". Answers the status recorded.
   */
  settle(
    attempt: PayuAttempt,
    status: PayuStatus,
    unmapped: PayuUnmappedStatus,
    now = Date.now(),
  ): PayuStatus {
    if (status === 'success' && this.hasSucceeded(attempt.txnid)) {
      attempt.errorCode = 'E1101';
      attempt.errorMessage = 'Duplicate Order ID';
      return this.settle(attempt, 'failure', 'failed', now);
    }
    attempt.status = status;
    attempt.unmappedstatus = unmapped;
    attempt.pendingSince = status === 'pending' ? now : undefined;
    if (status === 'success') {
      attempt.errorCode = 'E000';
      attempt.errorMessage = 'No Error';
      this.ledger.charge(attempt.txnid, attempt.amountPaise);
    }
    return status;
  }

  /** Moves time-driven states on: pending payments succeed, queued refunds complete. */
  advance(now = Date.now(), force = false): void {
    for (const attempt of this.attempts.values()) {
      const due =
        attempt.pendingSince !== undefined && now - attempt.pendingSince >= this.settleAfterMs.pending;
      if (attempt.status === 'pending' && (due || force)) this.settle(attempt, 'success', 'captured', now);
    }
    for (const refund of this.refunds.values()) {
      if (refund.status === 'queued' && (force || now - refund.requestedAt >= this.settleAfterMs.refund))
        refund.status = 'success';
    }
  }

  /** An attempt left unpaid on the checkout too long is "bounced": final, its page takes no payment. */
  bounced(attempt: PayuAttempt, now = Date.now()): boolean {
    return attempt.status === 'initiated' && now - attempt.createdAt >= CHECKOUT_EXPIRES_AFTER_MS;
  }

  /** The `verify_payment` view of one txnid. */
  verified(txnid: string, now = Date.now()): PayuVerifiedTransaction {
    const attempt = this.attemptForTxnid(txnid);
    if (!attempt) return { mihpayid: 'Not Found', txnid, status: 'Not Found' };
    const [status, unmappedstatus]: [PayuStatus, PayuUnmappedStatus] =
      attempt.status === 'initiated'
        ? this.bounced(attempt, now)
          ? ['failure', 'bounced']
          : ['pending', 'in progress']
        : [attempt.status, attempt.unmappedstatus as PayuUnmappedStatus];
    return {
      mihpayid: attempt.mihpayid,
      txnid,
      status,
      unmappedstatus,
      amt: paiseToPayuAmount(attempt.amountPaise),
      transaction_amount: paiseToPayuAmount(attempt.amountPaise),
      additional_charges: '0.00',
      mode: attempt.mode,
      bank_ref_num: attempt.bankRefNum,
      error_code: attempt.errorCode,
      error_Message: attempt.errorMessage,
      addedon: attempt.addedon,
      net_amount_debit: status === 'success' ? attempt.amountPaise / 100 : 0,
    };
  }

  refundByToken(mihpayid: string, token: string): PayuRefund | undefined {
    return [...this.refunds.values()].find(
      (refund) => refund.mihpayid === mihpayid && refund.token === token,
    );
  }

  addRefund(attempt: PayuAttempt, token: string, amountPaise: number, now = Date.now()): PayuRefund {
    const refund: PayuRefund = {
      requestId: randomDigits(9),
      mihpayid: attempt.mihpayid,
      txnid: attempt.txnid,
      token,
      amountPaise,
      status: 'queued',
      requestedAt: now,
    };
    this.refunds.set(refund.requestId, refund);
    this.ledger.refund(attempt.txnid, amountPaise);
    return refund;
  }

  /** Refund actions for `check_action_status`: by request id, or every one of a payment. */
  refundActions(var1: string, byPayment: boolean): PayuRefund[] {
    if (byPayment) return [...this.refunds.values()].filter((refund) => refund.mihpayid === var1);
    const refund = this.refunds.get(var1);
    return refund ? [refund] : [];
  }
}

export function refundAction(refund: PayuRefund): PayuRefundAction {
  return {
    mihpayid: refund.mihpayid,
    request_id: refund.requestId,
    amt: paiseToPayuAmount(refund.amountPaise),
    action: 'refund',
    token: refund.token,
    status: refund.status,
    bank_arn: refund.status === 'success' ? `ARN${refund.requestId}` : '',
    refund_mode: 'Back to Source',
  };
}
