import type { NetworkMarks } from '../../lib/network-marks.ts';

/** The network's marks a receipt PDF carries, as PNG (pdfkit embeds raster images only). */
export interface ReceiptMarks {
  bharatConnect: Buffer;
  bAssured: Buffer;
}

/** The marks as they are now: an operator's swapped file is on the next receipt (decision 132). */
export async function receiptMarksOf(marks: NetworkMarks): Promise<ReceiptMarks> {
  const [bharatConnect, bAssured] = await Promise.all([
    marks.read('bharat-connect.png'),
    marks.read('b-assured.png'),
  ]);
  return { bharatConnect: bharatConnect.body, bAssured: bAssured.body };
}

/**
 * The Bharat Connect logo at the top right, above the "Powered by" line, and the B-Assured mark under
 * the protection note where the text ends: each fitted into a fixed box, whatever the operator's
 * artwork's proportions.
 */
export function drawNetworkMarks(document: PDFKit.PDFDocument, marks: ReceiptMarks): void {
  const right = document.page.width - document.page.margins.right;
  document.image(marks.bharatConnect, right - 90, 18, { fit: [90, 30], align: 'right', valign: 'center' });
  document.image(marks.bAssured, document.page.margins.left, document.y + 12, { fit: [56, 56] });
}
