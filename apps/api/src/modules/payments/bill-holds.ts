/**
 * "This bill is already paid", decided one way (decision 128): an order holds a bill when it has the
 * bill's key (biller, account, which bill) and is in flight or paid; a recharge is held only by one in
 * flight within the last 10 minutes. A manual payment, an AutoPay debit, My Bills' paid marks and its
 * reminders all ask this rule.
 */
import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { type BillHold, type BillHolds, findHoldingOrders, lockBill } from './bill-holds.repository.ts';
import { inFlightStatuses } from './order-state.ts';

/** Recharges of the same number and plan in flight within this window are refused as duplicates. */
const RECHARGE_DUPLICATE_WINDOW_MS = 10 * 60_000;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** The key of a bill (or recharge) for the double-pay guard: one account of a biller and which bill of it. */
export const billKeyOf = (billerId: string, accountKey: string, which: string) =>
  digest(`${billerId}\n${accountKey}\n${which}`);

/**
 * The key of a numbered bill of an account (`accountKey`: accountKeyOf its parameters): a manual
 * payment of it, an AutoPay debit of it and My Bills' entry of it hold the same key.
 */
export const numberedBillKey = (billerId: string, accountKey: string, billNumber: string) =>
  billKeyOf(billerId, accountKey, `bill\n${billNumber}`);

/** What holds a bill (in flight or paid) or a recharge (in flight lately) against another payment. */
function holdsOf(kind: 'bill' | 'recharge', now: Date): BillHolds {
  return kind === 'bill'
    ? { inFlight: inFlightStatuses, paidToo: true }
    : {
        inFlight: inFlightStatuses,
        inFlightSince: new Date(now.getTime() - RECHARGE_DUPLICATE_WINDOW_MS),
        paidToo: false,
      };
}

/**
 * Locks the bill for the rest of the transaction (its orders are opened one at a time, across
 * replicas), then answers the order that holds it, if one does: under the lock, a payment that finds
 * none may open its order.
 */
export async function lockedHoldOf(
  tx: Executor,
  billKey: string,
  kind: 'bill' | 'recharge',
  now = new Date(),
): Promise<BillHold | undefined> {
  await lockBill(tx, billKey);
  return (await findHoldingOrders(tx, [billKey], holdsOf(kind, now))).get(billKey);
}

/** A bill of an account as My Bills and AutoPay know it: numbered, or none presented (`billNumber` null). */
export interface AccountBill {
  billerId: string;
  accountKey: string;
  billNumber: string | null;
}

/**
 * Whether each bill is paid or being paid on Erti Pay (by anyone), in the order given, in one query;
 * undefined for neither, and for an account with no bill.
 */
export async function paymentsOfBills(
  executor: Executor,
  bills: readonly AccountBill[],
): Promise<('paid' | 'paying' | undefined)[]> {
  const keys = bills.map((bill) =>
    bill.billNumber === null ? undefined : numberedBillKey(bill.billerId, bill.accountKey, bill.billNumber),
  );
  const holds = await findHoldingOrders(
    executor,
    keys.filter((key) => key !== undefined),
    holdsOf('bill', new Date()),
  );
  return keys.map((key) => {
    const hold = key === undefined ? undefined : holds.get(key);
    if (!hold) return undefined;
    return hold.inFlight ? 'paying' : 'paid';
  });
}
