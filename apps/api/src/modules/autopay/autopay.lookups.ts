import type { Autopay } from '@erti/contracts';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import type { Executor } from '../../db/client.ts';
import { listDebitsOfBills, listMandatesOfBills, type MandateRow } from './autopay.repository.ts';

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
