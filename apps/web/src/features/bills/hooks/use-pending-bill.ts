import { useEffect, useState, useSyncExternalStore } from 'react';
import { type PendingBill, pendingBillFor } from '../pending-bill.ts';

const noChanges = () => () => {};

/**
 * The bill kept across a login for this biller, read once as the page opens. A prerendered bill-entry
 * page (decision 097) is hydrated as the server drew it, without one, so there it is read just after.
 */
export function usePendingBill(billerCategoryName: string, billerName: string): PendingBill | null {
  // False while rendering on the server and hydrating, true in any other render.
  const readable = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const [readOnOpen] = useState(readable);
  const [pending, setPending] = useState(() =>
    readOnOpen ? pendingBillFor(billerCategoryName, billerName) : null,
  );
  useEffect(() => {
    if (!readOnOpen) setPending(pendingBillFor(billerCategoryName, billerName));
  }, [readOnOpen, billerCategoryName, billerName]);
  return pending;
}
