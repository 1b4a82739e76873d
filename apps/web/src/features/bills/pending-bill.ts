import type { Biller } from '@erti/contracts';

/**
 * What a visitor typed on a bill page before being asked to log in, kept in this tab's session
 * storage so the page can fill it in again when the login brings them back.
 */
export interface PendingBill {
  biller: Biller;
  values: Record<string, string>;
  amount: string;
}

const KEY = 'ertiPendingBill';

export function savePendingBill(pending: PendingBill): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

/** The bill typed for this biller (category and name as in the page address), if any. */
export function pendingBillFor(billerCategoryName: string, billerName: string): PendingBill | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingBill | null;
    const biller = pending?.biller;
    return biller?.billerCategoryName === billerCategoryName && biller.billerName === billerName
      ? pending
      : null;
  } catch {
    return null;
  }
}

export function clearPendingBill(): void {
  sessionStorage.removeItem(KEY);
}
