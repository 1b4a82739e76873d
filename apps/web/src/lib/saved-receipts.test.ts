import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubCacheStorage } from '../test/cache-storage.ts';
import {
  isReceiptCall,
  ownerOf,
  SAVE_FOR_OFFLINE,
  savedReceiptKey,
  savedReceiptsOf,
} from './saved-receipts.ts';
import { forgetSavedReceipts, SAVED_RECEIPTS_CACHE } from './saved-receipts-cache.ts';

afterEach(() => vi.unstubAllGlobals());

const origin = 'http://localhost';
const order = (orderId: string, createdAt: string) =>
  new Response(JSON.stringify({ orderId, createdAt, billerName: 'Tata Power', total: 50_000 }));

describe('receipts saved for offline', () => {
  it('keeps only the receipt page’s signed-in calls: the order and its PDF, no other api answer', () => {
    const marked = new Headers({ ...SAVE_FOR_OFFLINE, authorization: 'Bearer tok' });
    expect(isReceiptCall('GET', '/api/orders/ord_1', marked)).toBe(true);
    expect(isReceiptCall('GET', '/api/orders/ord_1/receipt.pdf', marked)).toBe(true);
    // The same order read by a payment's status page, unmarked; or without a session.
    expect(isReceiptCall('GET', '/api/orders/ord_1', new Headers({ authorization: 'Bearer tok' }))).toBe(
      false,
    );
    expect(isReceiptCall('GET', '/api/orders/ord_1', new Headers(SAVE_FOR_OFFLINE))).toBe(false);
    expect(isReceiptCall('POST', '/api/orders/ord_1', marked)).toBe(false);
    for (const other of [
      '/api/orders',
      '/api/orders/ord_1/refunds',
      '/api/users/profile/usr_1',
      '/api/bills/fetch',
    ]) {
      expect(isReceiptCall('GET', other, marked)).toBe(false);
    }
  });

  it('names the owner by a SHA-256 of the token, never the token itself', async () => {
    const owner = await ownerOf('tok.en.value');
    expect(owner).toMatch(/^[0-9a-f]{64}$/);
    expect(owner).toBe(await ownerOf('tok.en.value'));
    expect(owner).not.toBe(await ownerOf('another.token'));
    expect(savedReceiptKey('/api/orders/ord_1', owner)).toBe(`/api/orders/ord_1?owner=${owner}`);
  });

  it("lists the session's own saved receipts, newest first: not another session's, not the PDFs", async () => {
    const mine = await ownerOf('tok.mine');
    const theirs = await ownerOf('tok.theirs');
    stubCacheStorage({
      [SAVED_RECEIPTS_CACHE]: {
        [`${origin}${savedReceiptKey('/api/orders/ord_old', mine)}`]: order(
          'ord_old',
          '2026-11-01T10:00:00Z',
        ),
        [`${origin}${savedReceiptKey('/api/orders/ord_new', mine)}`]: order(
          'ord_new',
          '2026-11-20T10:00:00Z',
        ),
        [`${origin}${savedReceiptKey('/api/orders/ord_new/receipt.pdf', mine)}`]: new Response('%PDF-1.7'),
        [`${origin}${savedReceiptKey('/api/orders/ord_other', theirs)}`]: order(
          'ord_other',
          '2026-11-21T10:00:00Z',
        ),
      },
    });
    const saved = await savedReceiptsOf('tok.mine');
    expect(saved.map((receipt) => receipt.orderId)).toEqual(['ord_new', 'ord_old']);
  });

  it('finds none, and creates no cache, when nothing was saved', async () => {
    const storage = stubCacheStorage();
    expect(await savedReceiptsOf('tok.mine')).toEqual([]);
    expect(storage.names()).toEqual([]);
  });

  it('forgets every saved receipt, whoever saved it, and leaves the other caches', async () => {
    const storage = stubCacheStorage({ [SAVED_RECEIPTS_CACHE]: {}, 'workbox-precache-v2': {} });
    await forgetSavedReceipts();
    expect(storage.names()).toEqual(['workbox-precache-v2']);
  });
});
