import type { Gateway } from '@erti/contracts';
import { formatPaise } from '@erti/contracts/rupees';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import {
  type DebitCheck,
  type DebitRef,
  eMandateLimitPaise,
  type MandateGateway,
  type MandateRef,
  MandateRefusedError,
} from '../../integrations/mandate-gateway.ts';
import { enqueueJob, type Job, type JobOutcome } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { newDebitId, newId } from '../../lib/ids.ts';
import { findPayer } from '../bills/index.ts';
import type { BillChecks } from '../my-bills/index.ts';
import { findMyBill, type MyBillRow } from '../my-bills/index.ts';
import type { ChargeConfirmationService } from '../payments/index.ts';
import {
  lockedHoldOf,
  moveOrder,
  numberedBillKey,
  openOrderRecord,
  paymentsOfBills,
} from '../payments/index.ts';
import {
  claimBill,
  type DebitRow,
  findDebit,
  findDebitOfBill,
  findMandate,
  findMandateOfBill,
  type MandateRow,
  moveDebit,
  releaseDebit,
} from './autopay.repository.ts';
import {
  approvalNeeded,
  BANK_DECLINED,
  debitTimeOf,
  EARLIEST_DEBIT_MS,
  noticeTimeOf,
  overdue,
  refusalReasons,
  stopReasons,
} from './autopay.rules.ts';
import { queueAutopayMail } from './autopay-mail.ts';

export const AUTOPAY_NOTIFY_JOB = 'autopay.notify';
export const AUTOPAY_DEBIT_JOB = 'autopay.debit';

/** A debit whose bill's check is under way (or its biller's turn taken) looks again this soon. */
const BUSY_RETRY_MS = 5_000;
/** A debit the bank has not answered yet is asked about again after this long. */
const PENDING_RETRY_MS = 60_000;

export const mandateRefOf = (mandate: MandateRow): MandateRef => ({
  mandateId: mandate.id,
  gatewayRefs: mandate.gatewayRefs ?? { setupOrderId: '' },
});

export interface AutopayDebitsDeps {
  db: Database;
  clock: Clock;
  mandates: Partial<Record<Gateway, MandateGateway>>;
  charges: Pick<ChargeConfirmationService, 'confirmCharge'>;
  checks: Pick<BillChecks, 'checkNow'>;
  logger: FastifyBaseLogger;
}

/**
 * AutoPay's debits (decision 079), each a row claimed once per bill and moved by conditional
 * updates: planned when a bill is found, notified about a day before it falls (the gateway's notice
 * and our mail with a skip link), then debited as an order in the same state machine as a manual
 * payment. Every step is a durable job with its due time and a dedupe key.
 */
export function createAutopayDebits(deps: AutopayDebitsDeps) {
  const { db, clock } = deps;

  function gatewayOf(mandate: MandateRow): MandateGateway {
    const gateway = deps.mandates[mandate.gateway];
    if (!gateway) throw new Error(`${mandate.gateway} offers no mandates`);
    return gateway;
  }

  /** Why AutoPay must not (or no longer) pay this bill; undefined when it may. */
  async function reasonToStop(
    debit: Pick<DebitRow, 'mandateId' | 'billNumber'>,
    entry: MyBillRow | undefined,
    mandate: MandateRow | undefined,
  ): Promise<string | undefined> {
    if (mandate?.id !== debit.mandateId || mandate.status === 'cancelled') return stopReasons.turnedOff;
    if (mandate.status === 'paused') return stopReasons.paused;
    if (mandate.status !== 'on') return stopReasons.notOn;
    if (entry?.presentment !== 'bill' || entry.billNumber !== debit.billNumber) return stopReasons.billGone;
    const [payment] = await paymentsOfBills(db, [{ ...entry, billNumber: debit.billNumber }]);
    if (payment === 'paid') return stopReasons.paidHere;
    if (payment === 'paying') return stopReasons.payingHere;
    return undefined;
  }

  function approvalText(amountPaise: number, mandate: MandateRow, category: string) {
    const why = approvalNeeded(amountPaise, mandate.capPaise, category);
    if (why === 'above-cap')
      return `The bill of ${formatPaise(amountPaise)} is above your AutoPay cap of ${formatPaise(mandate.capPaise)}.`;
    if (why === 'above-rbi-limit')
      return `The bill is above ${formatPaise(eMandateLimitPaise(category))}, the most RBI allows AutoPay to debit without your extra authentication.`;
    return undefined;
  }

  /**
   * A bill of an entry found (or AutoPay just turned on): its debit is planned once, or, above the
   * cap or RBI's limit, it is mailed for the customer's approval. Nothing when AutoPay is not on.
   */
  async function planBill(myBillId: string, billNumber: string): Promise<void> {
    const entry = await findMyBill(db, myBillId);
    const mandate = await findMandateOfBill(db, myBillId);
    if (!entry || !mandate || entry.billAmountPaise === null || !entry.billDueDate) return;
    const amountPaise = entry.billAmountPaise;
    const planned = { mandateId: mandate.id, billNumber, userId: entry.userId };
    if (await reasonToStop(planned, entry, mandate)) return;
    const row = { id: newDebitId(), myBillId, amountPaise, ...planned };
    const needsApproval = approvalText(amountPaise, mandate, entry.category);
    const now = clock.now();
    const debitAt =
      debitTimeOf(entry.billDueDate, mandate.daysBefore, now) ?? new Date(now.getTime() + EARLIEST_DEBIT_MS);
    await db.transaction(async (tx) => {
      if (needsApproval) {
        const claimed = await claimBill(tx, { ...row, status: 'needs-approval', reason: needsApproval });
        if (claimed) await queueAutopayMail(tx, row.id, 'approval');
        return;
      }
      if (!(await claimBill(tx, { ...row, status: 'notifying', debitAt }))) return;
      await enqueueJob(
        tx,
        AUTOPAY_NOTIFY_JOB,
        { debitId: row.id },
        { runAt: noticeTimeOf(debitAt, now), dedupeKey: `${AUTOPAY_NOTIFY_JOB}:${row.id}` },
      );
    });
  }

  /**
   * AutoPay resumed: the entry's current bill is planned, also when its debit ended because AutoPay
   * was paused (a fresh notice, 24 hours ahead), unless the bill is overdue by then (decision 084).
   */
  async function planAfterResume(myBillId: string): Promise<void> {
    const entry = await findMyBill(db, myBillId);
    if (entry?.presentment !== 'bill' || !entry.billNumber) return;
    const ended = await findDebitOfBill(db, myBillId, entry.billNumber);
    if (ended?.status === 'not-debited' && ended.reason === stopReasons.paused) {
      if (!entry.billDueDate || overdue(entry.billDueDate, clock.now())) return;
      if (!(await releaseDebit(db, ended.id, stopReasons.paused))) return;
    }
    await planBill(myBillId, entry.billNumber);
  }

  /**
   * A debit that will not happen: recorded with why; the customer is mailed why not and what to do
   * when it failed, or when its notice had promised the debit (decision 115). The conditional move
   * decides it once, whichever replica runs the job; the mail's dedupe key sends it once.
   */
  async function endDebit(
    debit: DebitRow,
    to: 'not-debited' | 'failed',
    reason: string,
    executor: Executor = db,
  ): Promise<void> {
    const moved = await moveDebit(executor, debit.id, [debit.status], to, { reason });
    if (moved && to === 'failed') await queueAutopayMail(executor, debit.id, 'failed');
    if (moved && to === 'not-debited' && debit.status === 'scheduled')
      await queueAutopayMail(executor, debit.id, 'not-debited');
    deps.logger.info({ debitId: debit.id, to, reason }, 'autopay debit ended');
  }

  /** The debit's entry and mandate if it should still go ahead; else it is ended with why. */
  async function stillWanted(debit: DebitRow) {
    const entry = await findMyBill(db, debit.myBillId);
    const mandate = await findMandate(db, debit.mandateId);
    const stop = await reasonToStop(debit, entry, mandate);
    if (!stop && entry && mandate) return { entry, mandate };
    await endDebit(debit, 'not-debited', stop ?? stopReasons.notOn);
    return undefined;
  }

  /** The `autopay.notify` job: the gateway's pre-debit notice, our mail, the debit queued at its time. */
  async function sendNotice(job: Job): Promise<JobOutcome> {
    const debit = await findDebit(db, String(job.payload.debitId));
    if (debit?.status !== 'notifying' || !debit.debitAt) return undefined;
    const wanted = await stillWanted(debit);
    if (!wanted) return undefined;
    const { entry, mandate } = wanted;
    try {
      const notice = await gatewayOf(mandate).notify(mandateRefOf(mandate), {
        debitId: debit.id,
        amountPaise: debit.amountPaise,
        debitAt: debit.debitAt,
        description: `${entry.nickname} (${entry.billerName}) bill ${debit.billNumber}`,
      });
      if (notice.state === 'FAILED') {
        await endDebit(debit, 'failed', refusalReasons.NOT_NOTIFIED);
        return undefined;
      }
      const debitAt = new Date(Math.max(debit.debitAt.getTime(), notice.debitableFrom.getTime()));
      await db.transaction(async (tx) => {
        const scheduled = await moveDebit(tx, debit.id, ['notifying'], 'scheduled', {
          debitAt,
          gatewayOrderId: notice.gatewayOrderId,
        });
        if (!scheduled) return;
        await enqueueJob(
          tx,
          AUTOPAY_DEBIT_JOB,
          { debitId: debit.id },
          // A debit waits out busy checks and a gateway's retry windows: it must not run out of attempts.
          { runAt: debitAt, dedupeKey: `${AUTOPAY_DEBIT_JOB}:${debit.id}`, maxAttempts: 1000 },
        );
        await queueAutopayMail(tx, debit.id, 'notice');
      });
      return undefined;
    } catch (error) {
      if (!(error instanceof MandateRefusedError)) throw error;
      await endDebit(debit, 'failed', refusalReasons[error.reason]);
      return undefined;
    }
  }

  /**
   * Opens the debit's order, unless the bill is paid or being paid: under the bill's lock, the same
   * rule a manual payment asks (`lockedHoldOf`), so a debit and a manual payment of one bill never
   * both proceed.
   */
  async function openDebitOrder(debit: DebitRow, entry: MyBillRow, mandate: MandateRow) {
    const billKey = numberedBillKey(entry.billerId, entry.accountKey, debit.billNumber);
    return db.transaction(async (tx) => {
      const holding = await lockedHoldOf(tx, billKey, 'bill');
      if (holding) {
        const why = holding.inFlight ? stopReasons.payingHere : stopReasons.paidHere;
        await endDebit(debit, 'not-debited', why, tx);
        return undefined;
      }
      const orderId = newId('ord');
      const debiting = await moveDebit(tx, debit.id, ['scheduled'], 'debiting', { orderId });
      if (!debiting) return undefined;
      const created = await openOrderRecord(tx, {
        id: orderId,
        merchantOrderId: debit.id,
        userId: debit.userId,
        status: 'CREATED',
        gateway: mandate.gateway,
        kind: 'bill',
        billerId: entry.billerId,
        billerName: entry.billerName,
        category: entry.category,
        customerParams: entry.customerParams,
        billKey,
        billFetchId: null,
        refId: entry.billRefId,
        billNumber: debit.billNumber,
        planId: null,
        amountPaise: debit.amountPaise,
        // No convenience fee on AutoPay (decision 079): the debit is the bill, within the cap.
        convenienceFeePaise: 0,
        customerIp: null,
      });
      await moveOrder(tx, created, 'PAYMENT_PENDING', {
        source: 'autopay',
        set: { gatewayOrderId: debit.gatewayOrderId, paymentMode: 'UPI' },
      });
      return debiting;
    });
  }

  /** The gateway's word on a debit, applied to its order and to the debit. */
  async function settle(debit: DebitRow, mandate: MandateRow, check: DebitCheck): Promise<JobOutcome> {
    if (check.state === 'COMPLETED') {
      const order = debit.orderId ? await deps.charges.confirmCharge(debit.orderId, 'autopay') : undefined;
      if (order?.status === 'PAYMENT_PENDING') return { retryAfterMs: PENDING_RETRY_MS };
      await moveDebit(db, debit.id, ['debiting'], 'paid');
      return undefined;
    }
    if (check.state !== 'FAILED') return { retryAfterMs: PENDING_RETRY_MS };
    if (check.retryable) {
      const now = clock.now();
      return { retryAfterMs: Math.max(gatewayOf(mandate).nextRetryAt(now).getTime() - now.getTime(), 1_000) };
    }
    return failDebit(debit, BANK_DECLINED);
  }

  /** A debit that will not be retried: its order fails (the gateway is asked first), the customer is mailed. */
  async function failDebit(debit: DebitRow, reason: string): Promise<JobOutcome> {
    const order = debit.orderId ? await deps.charges.confirmCharge(debit.orderId, 'autopay') : undefined;
    await db.transaction(async (tx) => {
      if (order?.status === 'PAYMENT_PENDING')
        await moveOrder(tx, order, 'PAYMENT_FAILED', { source: 'autopay', set: { failureReason: reason } });
      await endDebit(debit, 'failed', reason, tx);
    });
    return undefined;
  }

  /** The debit as the gateway's calls take it, with the customer's contact as the account has it. */
  async function debitRefOf(debit: DebitRow, mandate: MandateRow, gatewayOrderId: string): Promise<DebitRef> {
    const customer = await findPayer(db, debit.userId);
    return {
      debitId: debit.id,
      mandate: mandateRefOf(mandate),
      amountPaise: debit.amountPaise,
      gatewayOrderId,
      customer: { email: customer?.email ?? '', contact: customer?.phone ?? '' },
    };
  }

  /** One debit attempt (or the answer to an earlier one: the gateway never debits twice). */
  async function attempt(debit: DebitRow): Promise<JobOutcome> {
    const mandate = await findMandate(db, debit.mandateId);
    if (!mandate || !debit.gatewayOrderId) return failDebit(debit, stopReasons.turnedOff);
    try {
      const check = await gatewayOf(mandate).debit(await debitRefOf(debit, mandate, debit.gatewayOrderId));
      return await settle(debit, mandate, check);
    } catch (error) {
      if (!(error instanceof MandateRefusedError)) throw error;
      const now = clock.now();
      if (error.reason === 'TOO_EARLY') return { retryAfterMs: 5 * 60_000 };
      if (error.reason === 'OUTSIDE_RETRY_WINDOW')
        return {
          retryAfterMs: Math.max(gatewayOf(mandate).nextRetryAt(now).getTime() - now.getTime(), 1_000),
        };
      return failDebit(debit, refusalReasons[error.reason]);
    }
  }

  /**
   * The `autopay.debit` job, at the debit's time: the bill is checked on the network once more (it
   * must still be the bill notified, and unpaid), the order is opened, then the gateway debits.
   */
  async function runDebit(job: Job): Promise<JobOutcome> {
    let debit = await findDebit(db, String(job.payload.debitId));
    if (debit?.status === 'scheduled') {
      const wanted = await stillWanted(debit);
      if (!wanted) return undefined;
      const { entry, mandate } = wanted;
      const checked = await deps.checks.checkNow(entry);
      if (checked === 'busy') return { retryAfterMs: Math.round(BUSY_RETRY_MS * (1 + Math.random())) };
      if (checked === 'failed') throw new Error('the bill network could not be asked before the debit');
      const fresh = await findMyBill(db, entry.id);
      const presented = await reasonToStop(debit, fresh, mandate);
      if (presented || !fresh || fresh.billAmountPaise !== debit.amountPaise) {
        await endDebit(debit, 'not-debited', presented ?? stopReasons.billChanged);
        return undefined;
      }
      debit = await openDebitOrder(debit, fresh, mandate);
    }
    if (debit?.status !== 'debiting') return undefined;
    return attempt(debit);
  }

  /** A gateway's callback about a debit: asked about (never trusted), and applied if it is decided. */
  async function followDebit(debit: DebitRow): Promise<void> {
    if (debit.status !== 'debiting' || !debit.gatewayOrderId) return;
    const mandate = await findMandate(db, debit.mandateId);
    if (!mandate) return;
    const check = await gatewayOf(mandate).checkDebit(await debitRefOf(debit, mandate, debit.gatewayOrderId));
    // Only a decided debit: a retry stays with the debit job, which waits for the gateway's window.
    if (check.state === 'COMPLETED' || (check.state === 'FAILED' && !check.retryable))
      await settle(debit, mandate, check);
  }

  return { planBill, planAfterResume, sendNotice, runDebit, followDebit };
}

export type AutopayDebits = ReturnType<typeof createAutopayDebits>;
