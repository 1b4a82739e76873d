import { createRequire } from 'node:module';
import { BRAND, INITIATING_CHANNEL } from '@erti/contracts';
import { indiaDate } from '@erti/contracts/india-time';
import { LANGUAGES, type Script, scriptByLanguage } from '@erti/contracts/languages';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import PDFDocument from 'pdfkit';
import type { Translator } from '../../lib/i18n.ts';
import { moneyOf, orderTotal, transactionTime } from './order-views.ts';
import type { OrderRow } from './orders.repository.ts';
import { drawNetworkMarks, type ReceiptMarks } from './receipt-marks.ts';
import type { RefundRow } from './refunds.repository.ts';

const resolve = createRequire(import.meta.url).resolve;

/**
 * The font of each script the languages are written in (decision 091), found from contracts' language
 * entries (decision 127): its Noto Sans (OFL, the `@expo-google-fonts/noto-sans-<script>` package), which
 * also has Latin letters, digits and ₹, so one font sets the whole receipt; fontkit shapes the conjuncts
 * and vowel signs, and pdfkit embeds only the glyphs used. Latin keeps the PDF's standard Helvetica,
 * which has no ₹: receipts print "Rs.". Resolved as the api starts: a script's missing package stops it.
 */
const scriptFonts = new Map<Script, string>(
  [...new Set(LANGUAGES.map((language) => scriptByLanguage[language]))]
    .filter((script) => script !== 'Latin')
    .map((script) => [
      script,
      resolve(
        `@expo-google-fonts/noto-sans-${script.toLowerCase()}/400Regular/NotoSans${script}_400Regular.ttf`,
      ),
    ]),
);

/** The font file a receipt in this language is set in, or undefined for the standard Helvetica. */
export function receiptFontOf(translator: Translator): string | undefined {
  return scriptFonts.get(scriptByLanguage[translator.language]);
}

const rupeesWithoutSign = (paise: number) =>
  `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupeesFromPaise(paise) as `${number}`)}`;

/**
 * The receipt's status in the customer's words: where the money is (decision 108) where that says
 * more than the order's status (nothing taken, a refund's deadline or date, a partial refund).
 */
function statusText(
  order: OrderRow,
  refunds: RefundRow[],
  translator: Translator,
  rupees: (paise: number) => string,
): string {
  const { t } = translator;
  const money = moneyOf(order, refunds);
  const day = (iso: string | null) => (iso ? translator.day(indiaDate(new Date(iso)), 'medium') : '');
  switch (money.state) {
    case 'nothing-taken':
      return t('receipt.money.nothingTaken');
    case 'refund-started':
      return t('receipt.money.refundStarted', {
        amount: rupees(money.refundingPaise),
        date: day(money.refundDeadline),
      });
    case 'refunded':
      return t('receipt.money.refunded', {
        amount: rupees(money.refundedPaise),
        date: day(money.refundedAt),
      });
    case 'partly-refunded':
      return t('receipt.money.partlyRefunded', {
        refunded: rupees(money.refundedPaise),
        paid: rupees(money.paidPaise),
        date: day(money.refundedAt),
      });
    default:
      return t(`receipt.status.${order.status}`);
  }
}

/** The facts a Bharat Connect receipt carries (NPCI customer front-end guidelines), label → value. */
export function receiptFacts(
  order: OrderRow,
  refunds: RefundRow[],
  translator: Translator,
): [string, string][] {
  const { t } = translator;
  const rupees = receiptFontOf(translator) ? translator.money : rupeesWithoutSign;
  const orNone = (value: string | null) => value ?? t('receipt.notAvailable');
  const refunded = refunds.filter((refund) => refund.status !== 'FAILED');
  return [
    [t('receipt.txnId'), orNone(order.txnReferenceId)],
    [t('receipt.approvalRef'), orNone(order.approvalRefNum)],
    [t('receipt.orderId'), order.id],
    [t('receipt.paymentReference'), order.merchantOrderId],
    [t('receipt.biller'), orNone(order.billerName)],
    [t('receipt.billerId'), orNone(order.billerId)],
    [t('receipt.category'), orNone(order.category && translator.category(order.category))],
    // The biller's own labels and values as the network sends them; a recharge's in the site's words.
    ...order.customerParams.map((param): [string, string] => [translator.paramName(param.name), param.value]),
    ...(order.billNumber ? [[t('receipt.billNumber'), order.billNumber] as [string, string]] : []),
    [t('receipt.billAmount'), rupees(order.amountPaise)],
    [t('receipt.convenienceFee'), rupees(order.convenienceFeePaise)],
    [t('receipt.total'), rupees(orderTotal(order))],
    ...refunded.map((refund): [string, string] => [
      t(refund.status === 'COMPLETED' ? 'receipt.refundCompleted' : 'receipt.refundInProgress'),
      rupees(refund.amountPaise),
    ]),
    [t('receipt.paymentMode'), orNone(order.paymentMode)],
    [t('receipt.paymentChannel'), INITIATING_CHANNEL],
    [
      t('receipt.dateTime'),
      t('receipt.dateTimeValue', { time: translator.dateTime(transactionTime(order)) }),
    ],
    [t('receipt.status'), statusText(order, refunds, translator, rupees)],
  ];
}

/**
 * The receipt as a PDF, in the translator's language. Uncompressed: it is small, and the text stays
 * searchable. The B-Connect Txn ID is also in the document's subject (in English, as all metadata),
 * so mail clients and tests can read it without rendering.
 */
export function buildReceiptPdf(
  order: OrderRow,
  refunds: RefundRow[],
  translator: Translator,
  marks: ReceiptMarks,
): Promise<Buffer> {
  const { t } = translator;
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    lang: translator.locale,
    info: {
      Title: `${BRAND} receipt ${order.id}`,
      Subject: `Bharat Connect payment receipt, B-Connect Txn ID ${order.txnReferenceId ?? 'N/A'}`,
      Author: BRAND,
    },
  });
  const font = receiptFontOf(translator);
  if (font) document.font(font);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.fontSize(20).fillColor('#1e3a8a').text(BRAND, { continued: true });
  document
    .fontSize(10)
    .fillColor('#6b7280')
    .text(`   ${t('receipt.poweredBy')}`, { align: 'right' });
  // A whole line under the brand: Devanagari and Tamil rise higher above the line than Latin.
  document.moveDown(1).fontSize(16).fillColor('#111827').text(t('receipt.title'));
  document.moveDown();
  for (const [label, value] of receiptFacts(order, refunds, translator)) {
    const y = document.y;
    document.fontSize(10).fillColor('#6b7280').text(label, 56, y, { width: 170 });
    const labelEnd = document.y;
    document.fillColor('#111827').text(value, 236, y, { width: 300 });
    // A label in a longer script may wrap past its value: the next line starts below both.
    document.y = Math.max(document.y, labelEnd);
    document.moveDown(0.4);
  }
  document.moveDown();
  document.fontSize(9).fillColor('#374151').text(t('receipt.protected'), 56, undefined, { width: 480 });
  drawNetworkMarks(document, marks);
  document.end();
  return done;
}
