import type { Autopay } from '@erti/contracts';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import {
  findDebitOfBill,
  findMandateOfBill,
  listDebitsOfBills,
  listLiveMandatesOfUser,
  listMandatesOfBills,
  type MandateRow,
  moveMandate,
} from './autopay.repository.ts';
import { debitOutcomeOf } from './autopay.rules.ts';

/** The job that revokes a mandate at its gateway after its account was deleted: `{ mandateId, wasPending }`. */
export const AUTOPAY_REVOKE_JOB = 'autopay.revoke';

/** Why the debit did not happen, and when that was decided (decision 084). */
function outcomeOf(debit: Parameters<typeof debitOutcomeOf>[0] & { updatedAt: Date }, mandate: MandateRow) {
  const outcome = debitOutcomeOf(debit, mandate);
  return { outcome, decidedAt: outcome ? debit.updatedAt.toISOString() : null };
}

/** The AutoPay of a mandate as the customer sees it, with the debit of the entry's current bill. */
export function autopayViewOf(
  mandate: MandateRow,
  debit?: Awaited<ReturnType<typeof listDebitsOfBills>>[number],
): Autopay {
  return {
    state: mandate.status,
    gateway: mandate.gateway,
    cap: rupeesFromPaise(mandate.capPaise),
    daysBefore: mandate.daysBefore,
    debit: debit
      ? {
          billNumber: debit.billNumber,
          amount: rupeesFromPaise(debit.amountPaise),
          debitAt: debit.debitAt?.toISOString() ?? null,
          state: debit.status,
          orderId: debit.orderId,
          ...outcomeOf(debit, mandate),
        }
      : null,
  };
}

/** For My Bills (decision 079): each entry's AutoPay, by entry id; entries without one are absent. */
export async function autopayOfBills(
  executor: Executor,
  entries: { id: string; billNumber: string | null }[],
): Promise<Map<string, Autopay>> {
  const mandates = await listMandatesOfBills(
    executor,
    entries.map((entry) => entry.id),
  );
  const current = entries.flatMap((entry) =>
    entry.billNumber ? [{ myBillId: entry.id, billNumber: entry.billNumber }] : [],
  );
  const debits = await listDebitsOfBills(executor, current);
  return new Map(
    mandates.map((mandate) => [
      mandate.myBillId,
      autopayViewOf(
        mandate,
        debits.find((debit) => debit.myBillId === mandate.myBillId),
      ),
    ]),
  );
}

/**
 * For the reminders (decision 115): when AutoPay will debit this bill of an entry, if it is on and
 * the bill's debit is planned or noticed; undefined when the customer has to pay it.
 */
export async function autopayDebitTime(
  executor: Executor,
  myBillId: string,
  billNumber: string,
): Promise<Date | undefined> {
  const mandate = await findMandateOfBill(executor, myBillId);
  if (mandate?.status !== 'on') return undefined;
  const debit = await findDebitOfBill(executor, myBillId, billNumber);
  if (debit?.mandateId !== mandate.id || !debit.debitAt) return undefined;
  return debit.status === 'notifying' || debit.status === 'scheduled' ? debit.debitAt : undefined;
}

/**
 * For an account being deleted (in its transaction): every mandate still live is cancelled here at
 * once, so nothing more is notified or debited, and revoked at its gateway by a durable job, so the
 * customer's UPI app does not go on showing a mandate of an account that is gone.
 */
export async function endAutopayOfDeletedAccount(executor: Executor, userId: string): Promise<void> {
  for (const mandate of await listLiveMandatesOfUser(executor, userId)) {
    await moveMandate(executor, mandate.id, [mandate.status], 'cancelled', {
      providerStatus: 'ACCOUNT_DELETED',
    });
    await enqueueJob(
      executor,
      AUTOPAY_REVOKE_JOB,
      { mandateId: mandate.id, wasPending: mandate.status === 'pending' },
      { dedupeKey: `${AUTOPAY_REVOKE_JOB}:${mandate.id}` },
    );
  }
}
