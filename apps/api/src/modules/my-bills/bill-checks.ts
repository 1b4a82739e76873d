import { paiseOrUndefined, parsePaise } from '@erti/contracts/rupees';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { BbpsClient } from '../../integrations/bbps/bbps-client.ts';
import { enqueueJob, type Job, type JobOutcome, type JobSpec } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { complianceCode, findPayer, NO_BILL_DUE } from '../bills/index.ts';
import {
  advanceCheckSeq,
  findMyBill,
  leaseCheck,
  type MyBillRow,
  recordCheck,
  releaseCheck,
  takeBillerTurn,
} from './my-bills.repository.ts';
import { nextCheckDelayMs, reminderTimes } from './my-bills.rules.ts';

export const CHECK_JOB = 'my-bills.check';
export const REMIND_JOB = 'my-bills.remind';
/**
 * Queued with a bill new to an entry, once per entry and bill number: AutoPay handles it (plans the
 * debit when it is on, decision 079). My Bills only says that a bill was found.
 */
export const BILL_FOUND_JOB = 'my-bills.bill-found';

/** Longer than the network's longest answer (BBPS_TIMEOUT_MS): a crashed check's lease then lapses. */
const CHECK_LEASE_MS = 60_000;
/** A check the network could not answer is tried again this soon (or at the usual time, if sooner). */
const RETRY_FAILED_CHECK_MS = 60 * 60_000;
/**
 * The agent's own address as the device of a check: no customer's browser is involved. Bharat Connect
 * asks an internet-channel agent for one on every fetch.
 */
const CHECK_DEVICE = { ip: '127.0.0.1' };

/** The check job of an entry's `seq`th check: its dedupe key makes it exist once. */
export function checkJob(myBillId: string, seq: number, runAt: Date): JobSpec {
  return {
    kind: CHECK_JOB,
    payload: { myBillId, seq },
    runAt,
    dedupeKey: `${CHECK_JOB}:${myBillId}:${seq}`,
    // A check waiting its biller's turn is handed back many times; it must not run out of attempts.
    maxAttempts: 1000,
  };
}

export type CheckOutcome = 'checked' | 'busy' | 'failed';

export interface BillChecksDeps {
  db: Database;
  bbps: Pick<BbpsClient, 'fetchBill'>;
  clock: Clock;
  config: Pick<Config, 'BILL_CHECK_HOURS' | 'BILL_CHECKS_PER_BILLER_PER_MINUTE' | 'REMINDER_HOUR_IST'>;
  logger: FastifyBaseLogger;
  random?: () => number;
}

/**
 * Bill presentment (decision 072): each entry of My Bills is checked on the network on a schedule,
 * by the same fetch the site uses. A check takes its biller's turn (paced across replicas) and the
 * entry's lease (never two at once); a bill new to the entry is recorded and its reminders queued.
 */
export function createBillChecks(deps: BillChecksDeps) {
  const { db, clock } = deps;
  const random = deps.random ?? Math.random;
  const billerGapMs = 60_000 / deps.config.BILL_CHECKS_PER_BILLER_PER_MINUTE;

  async function queueReminders(executor: Executor, entry: MyBillRow, billNumber: string, dueDate: string) {
    for (const { kind, at } of reminderTimes(dueDate, clock.now(), deps.config.REMINDER_HOUR_IST)) {
      await enqueueJob(
        executor,
        REMIND_JOB,
        { myBillId: entry.id, billNumber, kind },
        // Waiting for its biller's turn hands it back often on a busy morning: it must not run out.
        { runAt: at, dedupeKey: `${REMIND_JOB}:${entry.id}:${billNumber}:${kind}`, maxAttempts: 1000 },
      );
    }
  }

  /** Asks the network and records its answer; a failure to answer throws. */
  async function askNetwork(entry: MyBillRow): Promise<void> {
    const customer = await findPayer(db, entry.userId);
    if (!customer?.phone) throw new Error('the account has no mobile number for the network');
    const answer = await deps.bbps.fetchBill(
      {
        custDetails: {
          mobileNo: customer.phone,
          customerTags: customer.email ? [{ name: 'EMAIL', value: customer.email }] : [],
        },
        billDetails: { billerId: entry.billerId, customerParams: entry.customerParams },
      },
      CHECK_DEVICE,
    );
    const now = clock.now();
    if (answer.respCode !== '1') {
      const code = complianceCode(answer);
      if (code !== NO_BILL_DUE) throw new Error(`the network answered ${code || answer.respCode}`);
      await recordCheck(db, entry.id, now);
      return;
    }
    const bill = answer.response.billerResponse;
    const amountPaise = bill && paiseOrUndefined(parsePaise(bill.amount));
    if (!bill?.billNumber || !bill.dueDate || amountPaise === undefined) {
      throw new Error('the network sent an incomplete bill');
    }
    const found = entry.presentment !== 'bill' || entry.billNumber !== bill.billNumber;
    await db.transaction(async (tx) => {
      await recordCheck(tx, entry.id, now, {
        number: bill.billNumber,
        amountPaise,
        dueDate: bill.dueDate,
        customerName: bill.customerName || null,
        refId: answer.response.refId ?? null,
        found,
      });
      if (!found) return;
      await queueReminders(tx, entry, bill.billNumber, bill.dueDate);
      await enqueueJob(
        tx,
        BILL_FOUND_JOB,
        { myBillId: entry.id, billNumber: bill.billNumber },
        { dedupeKey: `${BILL_FOUND_JOB}:${entry.id}:${bill.billNumber}` },
      );
    });
  }

  /**
   * Checks an entry now, if its biller's turn and its lease allow ('busy' when not); 'failed' when
   * the network could not answer (the entry keeps what it knew).
   */
  async function checkNow(entry: MyBillRow): Promise<CheckOutcome> {
    const now = clock.now();
    if (!(await takeBillerTurn(db, entry.billerId, now, billerGapMs))) return 'busy';
    if (!(await leaseCheck(db, entry.id, now, new Date(now.getTime() + CHECK_LEASE_MS)))) return 'busy';
    try {
      await askNetwork(entry);
      return 'checked';
    } catch (error) {
      deps.logger.warn({ err: error, myBillId: entry.id, billerId: entry.billerId }, 'bill check failed');
      return 'failed';
    } finally {
      await releaseCheck(db, entry.id);
    }
  }

  /** Queues the entry's next check after check `seq`, unless another already did. */
  async function scheduleNext(myBillId: string, seq: number, delayMs: number): Promise<void> {
    await db.transaction(async (tx) => {
      const next = await advanceCheckSeq(tx, myBillId, seq);
      if (next === undefined) return;
      const spec = checkJob(myBillId, next, new Date(clock.now().getTime() + delayMs));
      await enqueueJob(tx, spec.kind, spec.payload, spec);
    });
  }

  /** The `my-bills.check` job: one check of the chain, then the next one queued. */
  async function runCheck(job: Job): Promise<JobOutcome> {
    const { myBillId, seq } = job.payload as { myBillId: string; seq: number };
    const entry = await findMyBill(db, myBillId);
    // Removed, or a later check has taken over the chain.
    if (!entry || entry.checkSeq !== seq) return undefined;
    const outcome = await checkNow(entry);
    if (outcome === 'busy') return { retryAfterMs: Math.ceil(billerGapMs + random() * 1000) };
    const usual = nextCheckDelayMs(deps.config.BILL_CHECK_HOURS, random);
    await scheduleNext(myBillId, seq, outcome === 'checked' ? usual : Math.min(usual, RETRY_FAILED_CHECK_MS));
    return undefined;
  }

  return { checkNow, runCheck };
}

export type BillChecks = ReturnType<typeof createBillChecks>;
