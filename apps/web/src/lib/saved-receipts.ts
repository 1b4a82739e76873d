import type { OrderDetail } from '@erti/contracts';
import { SAVED_RECEIPTS_CACHE } from './saved-receipts-cache.ts';

/**
 * Receipts the customer opened, kept on the device so they open without a network (decision 081): how the
 * service worker (`src/sw.ts`) keys them and how the transactions list reads them offline.
 */

/**
 * What the receipt page reads: `/api/orders/<orderId>` and `/api/orders/<orderId>/receipt.pdf`, marked by
 * this header. The same order read by a payment's status page is not marked and not kept (a service
 * worker cannot tell the page apart: a client's URL stays the one it was opened at).
 */
const SAVE_HEADER = 'x-erti-save-for-offline';
export const SAVE_FOR_OFFLINE = { [SAVE_HEADER]: 'receipt' };

const RECEIPT_CALL = /^\/api\/orders\/[^/]+(\/receipt\.pdf)?$/;

/** A signed-in GET of the receipt page, marked to be saved for offline. */
export const isReceiptCall = (method: string, pathname: string, headers: Headers) =>
  method === 'GET' &&
  RECEIPT_CALL.test(pathname) &&
  headers.get(SAVE_HEADER) === SAVE_FOR_OFFLINE[SAVE_HEADER] &&
  headers.has('authorization');

const OWNER = 'owner';

/**
 * Whose saved receipts: a SHA-256 of the session's token. The token itself is never stored, and a receipt
 * saved in one session is never found from another, whoever signs in next on a shared phone.
 */
export async function ownerOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key a receipt call is saved under: its path and its owner, none of the request's headers. */
export const savedReceiptKey = (pathname: string, owner: string) =>
  `${pathname}?${new URLSearchParams({ [OWNER]: owner })}`;

const hasSavedReceipts = () => 'caches' in globalThis && caches.has(SAVED_RECEIPTS_CACHE);

/** The receipts (the orders, not their PDFs) saved in the session whose token this is, newest first. */
export async function savedReceiptsOf(token: string): Promise<OrderDetail[]> {
  if (!(await hasSavedReceipts())) return [];
  const owner = await ownerOf(token);
  const cache = await caches.open(SAVED_RECEIPTS_CACHE);
  const mine = (await cache.keys()).filter((key) => {
    const url = new URL(key.url);
    return url.searchParams.get(OWNER) === owner && !url.pathname.endsWith('.pdf');
  });
  const answers = await Promise.all(mine.map((key) => cache.match(key)));
  const orders = await Promise.all(answers.map((answer) => answer?.json() as Promise<OrderDetail>));
  return orders.filter(Boolean).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
