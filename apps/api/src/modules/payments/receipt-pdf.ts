import { BRAND, INITIATING_CHANNEL } from '@erti/contracts';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import { formatIstDateTime } from '@erti/contracts/text';
import PDFDocument from 'pdfkit';
import { orderTotal, transactionTime } from './order-views.ts';
import type { OrderRow, RefundRow } from './payments.repository.ts';

/** The PDF's standard font has no ₹ glyph: receipts print "Rs." with Indian digit grouping. */
const rupees = (paise: number) =>
  `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupeesFromPaise(paise) as `${number}`)}`;

const statusWords: Record<string, string> = {
  CREATED: 'Payment not started',
  PAYMENT_PENDING: 'Payment pending',
  PAID: 'Paying biller',
  BILL_PENDING: 'Paying biller',
  SUCCESS: 'Successful',
  PAYMENT_FAILED: 'Payment failed',
  BILL_FAILED: 'Refund in progress',
  REFUND_PENDING: 'Refund in progress',
  REFUNDED: 'Refunded',
  NEEDS_ATTENTION: 'Being checked',
};

/** The facts a Bharat Connect receipt carries (NPCI customer front-end guidelines), label → value. */
export function receiptFacts(order: OrderRow, refunds: RefundRow[]): [string, string][] {
  const refunded = refunds.filter((refund) => refund.status !== 'FAILED');
  return [
    ['B-Connect Txn ID', order.txnReferenceId ?? 'N/A'],
    ['Approval Ref No.', order.approvalRefNum ?? 'N/A'],
    ['Order ID', order.id],
    ['Payment reference', order.merchantOrderId],
    ['Biller', order.billerName ?? 'N/A'],
    ['Biller ID', order.billerId ?? 'N/A'],
    ['Category', order.category ?? 'N/A'],
    ...order.customerParams.map((param): [string, string] => [param.name, param.value]),
    ...(order.billNumber ? [['Bill number', order.billNumber] as [string, string]] : []),
    ['Bill amount', rupees(order.amountPaise)],
    ['Convenience fee (CCF)', rupees(order.convenienceFeePaise)],
    ['Total', rupees(orderTotal(order))],
    ...refunded.map((refund): [string, string] => [
      `Refund ${refund.status === 'COMPLETED' ? 'completed' : 'in progress'}`,
      rupees(refund.amountPaise),
    ]),
    ['Payment mode', order.paymentMode ?? 'N/A'],
    ['Payment channel', INITIATING_CHANNEL],
    ['Date and time', formatIstDateTime(transactionTime(order))],
    ['Status', statusWords[order.status] ?? order.status],
  ];
}

/**
 * The receipt as a PDF. Uncompressed: it is small, and the text stays searchable. The B-Connect Txn ID
 * is also in the document's subject, so mail clients and tests can read it without rendering.
 */
export function buildReceiptPdf(order: OrderRow, refunds: RefundRow[]): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: {
      Title: `${BRAND} receipt ${order.id}`,
      Subject: `Bharat Connect payment receipt, B-Connect Txn ID ${order.txnReferenceId ?? 'N/A'}`,
      Author: BRAND,
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.fontSize(20).fillColor('#1e3a8a').text(BRAND, { continued: true });
  document.fontSize(10).fillColor('#6b7280').text('   Powered by Bharat Connect', { align: 'right' });
  document.moveDown(0.5).fontSize(16).fillColor('#111827').text('Payment receipt');
  document.moveDown();
  for (const [label, value] of receiptFacts(order, refunds)) {
    const y = document.y;
    document.fontSize(10).fillColor('#6b7280').text(label, 56, y, { width: 170 });
    document.fillColor('#111827').text(value, 236, y, { width: 300 });
    document.moveDown(0.4);
  }
  document.moveDown();
  document
    .fontSize(9)
    .fillColor('#374151')
    .text(
      'This payment was made on Bharat Connect (Bharat Bill Payment System) and is protected under Bharat Connect. ' +
        'Quote the B-Connect Txn ID and the approval reference number to your biller or in a complaint.',
      56,
      undefined,
      { width: 480 },
    );
  document.end();
  return done;
}
