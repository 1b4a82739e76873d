import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../src/lib/i18n.ts';
import { networkMarksFrom } from '../src/lib/network-marks.ts';
import type { OrderRow } from '../src/modules/payments/orders.repository.ts';
import { receiptMarksOf } from '../src/modules/payments/receipt-marks.ts';
import { buildReceiptPdf } from '../src/modules/payments/receipt-pdf.ts';
import type { RefundRow } from '../src/modules/payments/refunds.repository.ts';
import { differenceFrom, greyImageOf, inkIn, pgmOf, readPdf } from './support/pdf-pages.ts';

/** The shipped placeholders of the network's marks (no operator folder). */
const marks = await receiptMarksOf(networkMarksFrom(undefined, () => {}));

const paidAt = new Date('2026-11-20T06:00:00.000Z');

/** A paid bill with a refund: every line a receipt can carry, and an amount with Indian grouping. */
const order: OrderRow = {
  id: 'ord_receipt1',
  merchantOrderId: 'EP1',
  userId: 'usr_1',
  status: 'SUCCESS',
  gateway: 'payu',
  kind: 'bill',
  billerId: 'TATA00000MUM01',
  billerName: 'Tata Power - Mumbai',
  category: 'Electricity',
  customerParams: [{ name: 'Consumer Number', value: '900012345' }],
  billKey: null,
  billFetchId: null,
  refId: null,
  billNumber: 'B-2611',
  planId: null,
  amountPaise: 12_345_650,
  convenienceFeePaise: 1_000,
  capturedPaise: 12_346_650,
  paymentMode: 'UPI',
  gatewayOrderId: null,
  gatewayPaymentId: null,
  paymentInstrument: null,
  txnReferenceId: 'PT01ABCD1234567890XY',
  approvalRefNum: 'AB123456',
  failureReason: null,
  payer: null,
  customerIp: null,
  completedAt: paidAt,
  createdAt: paidAt,
  updatedAt: paidAt,
};
/** A completed refund of a part: the receipt's status says so with both amounts (decision 108). */
const refund = {
  id: 'rfd_1',
  orderId: order.id,
  amountPaise: 1_000,
  status: 'COMPLETED',
  completedAt: paidAt,
  updatedAt: paidAt,
} as RefundRow;

/**
 * Words whose letters come back from the PDF in their own order. Text extraction gives glyphs in
 * the order they are drawn, so a vowel sign drawn before its consonant (बि, பெ) reads back first:
 * only words without one are looked for, in the receipt's own labels and values.
 */
const readable = {
  hi: [
    'पेमेंट की रसीद',
    'अप्रूवल',
    'शुल्क (CCF)',
    'स्टेटस',
    '₹1,23,466.50 में से ₹10.00',
    '20 नव॰ 2026, सुबह 11:30 भारतीय समय',
  ],
  ta: [
    'ரசீது',
    'பில்லர்',
    'மின்சாரம்',
    'வசதிக் கட்டணம் (CCF)',
    'ரீஃபண்ட் முடிந்தது',
    '₹1,23,456.50',
    '20 நவ., 2026,',
    '11:30 இந்திய',
  ],
};

const referenceOf = (language: string) => new URL(`./fixtures/receipt-${language}.pgm.gz`, import.meta.url);

describe('the receipt PDF in Hindi and Tamil', () => {
  for (const language of ['hi', 'ta'] as const) {
    it(`sets a ${language} receipt in the Noto subset of its script, readable and drawn as the reference`, async () => {
      const pdf = await buildReceiptPdf(order, [refund], translatorFor(language), marks);
      const { text, fonts, page } = await readPdf(pdf, 100);

      for (const words of readable[language]) expect(text).toContain(words);
      expect(text).toContain('Tata Power - Mumbai');
      // One embedded subset (`ABCDEF+` prefix), no unembedded standard font.
      const family = language === 'hi' ? 'NotoSansDevanagari-Regular' : 'NotoSansTamil-Regular';
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${family}\\s+CID TrueType\\s+Identity-H\\s+yes\\s+yes`));
      expect(fonts).not.toMatch(/Helvetica/);
      expect(pdf.length).toBeLessThan(60_000);

      // Ink where the facts are, none at the foot of the page.
      expect(inkIn(page, Math.round(page.height * 0.15), Math.round(page.height * 0.5))).toBeGreaterThan(
        0.004,
      );
      expect(inkIn(page, Math.round(page.height * 0.7), page.height)).toBe(0);

      // The page as drawn when a person last looked at it (conjuncts and vowel signs checked by eye);
      // `UPDATE_RECEIPT_IMAGES=1` stores a new one after such a look. A little slack for anti-aliasing
      // (a page set without shaping differs by some 15%).
      if (process.env.UPDATE_RECEIPT_IMAGES) await writeFile(referenceOf(language), gzipSync(pgmOf(page)));
      const reference = greyImageOf(gunzipSync(await readFile(referenceOf(language))));
      expect(differenceFrom(page, reference)).toBeLessThan(0.02);
    });
  }
});

/** A mobile recharge: the category and the site's own parameter names (a plan operator's) are the site's words. */
const recharge: OrderRow = {
  ...order,
  billerName: 'Jio Prepaid',
  category: 'Mobile Prepaid',
  customerParams: [
    { name: 'Mobile Number', value: '9876543210' },
    { name: 'Circle', value: 'Mumbai' },
    { name: 'Id', value: 'JIO-MUM-299' },
  ],
  billNumber: null,
  planId: 'JIO-MUM-299',
};

describe("a mobile recharge's receipt PDF", () => {
  const named = {
    en: ['Mobile Prepaid', 'Mobile Number', 'Circle', 'Plan ID', 'IST'],
    hi: ['मोबाइल प्रीपेड', 'मोबाइल नंबर', 'प्लान ID', 'भारतीय समय'],
    ta: ['சர்க்கிள்', 'திட்ட ID', 'இந்திய'],
  };
  for (const language of ['en', 'hi', 'ta'] as const) {
    it(`names its category, number, circle and plan in ${language}, the values as sent`, async () => {
      const { text } = await readPdf(await buildReceiptPdf(recharge, [], translatorFor(language), marks));
      for (const words of named[language]) expect(text).toContain(words);
      for (const value of ['9876543210', 'Mumbai', 'JIO-MUM-299']) expect(text).toContain(value);
      if (language !== 'en') expect(text).not.toMatch(/Mobile Prepaid|Mobile Number|Circle|\bId\b|\bIST\b/);
    });
  }
});
