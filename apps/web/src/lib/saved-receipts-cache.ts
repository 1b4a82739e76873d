/**
 * The one cache of api answers in Cache Storage: receipts the customer opened (decision 081, and
 * `saved-receipts.ts`). Apart, so that logout's code does not bring the rest into the first JavaScript.
 */
export const SAVED_RECEIPTS_CACHE = 'erti-saved-receipts';

/** Logout and account deletion: every saved receipt goes, whoever's session saved it. */
export async function forgetSavedReceipts(): Promise<void> {
  if ('caches' in globalThis) await caches.delete(SAVED_RECEIPTS_CACHE);
}
