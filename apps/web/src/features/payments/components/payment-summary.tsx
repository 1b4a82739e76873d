import type { Charge } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { type Formats, useFormat } from '../../../lib/format.ts';
import { type SiteWords, useSiteWords } from '../../../lib/i18n/site-words.ts';
import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';

interface Row {
  /** A message id, or (`asSent`) a parameter's name as the customer reads it. */
  label: string;
  asSent?: boolean;
  value: string;
}

/** The facts that identify what is being paid: biller, the customer's parameters, bill or plan. */
function billRows(selection: PaymentSelectionState, format: Formats, words: SiteWords): Row[] {
  const request = selection.billReq ?? selection.validationReq;
  const bill = selection.billRes?.response.billerResponse;
  const params = (request?.billDetails.customerParams ?? [])
    .filter((param) => param.value.trim() !== '')
    .map((param) => ({ label: words.paramName(param.name), asSent: true, value: param.value }));
  const optional: [string, string | undefined][] = [
    ['payments.summary.customerName', bill?.customerName],
    ['payments.receipt.billNumber', bill?.billNumber],
    ['payments.summary.dueDate', format.calendarDate(bill?.dueDate)],
    ['payments.receipt.plan', selection.plan?.description ?? selection.plan?.categoryType],
  ];
  return [
    { label: 'payments.receipt.biller', value: selection.biller.billerName },
    { label: 'payments.receipt.category', value: words.category(selection.biller.billerCategoryName) },
    ...params,
    ...optional.flatMap(([label, value]) => (value ? [{ label, value }] : [])),
  ];
}

function amountRows(
  selection: PaymentSelectionState,
  charge: Charge | undefined,
  format: Formats,
  none: string,
): Row[] {
  if (!charge) return [{ label: 'payments.progress.amount', value: format.rupees(selection.amount) }];
  return [
    { label: 'payments.progress.amount', value: format.paise(charge.amountPaise) },
    {
      label: 'payments.summary.convenienceFee',
      value: charge.convenienceFeePaise > 0 ? format.paise(charge.convenienceFeePaise) : none,
    },
  ];
}

/** What the user is about to pay, with the convenience fee shown before any gateway is chosen. */
export function PaymentSummary({
  selection,
  charge,
  pricingNote,
}: {
  selection: PaymentSelectionState;
  charge: Charge | undefined;
  /** Said instead of the total while the server's price is not known (loading, logged out). */
  pricingNote: string;
}) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const words = useSiteWords();
  const none = formatMessage({ id: 'payments.summary.noFee' });
  const rows = [...billRows(selection, format, words), ...amountRows(selection, charge, format, none)];
  return (
    <section aria-labelledby="payment-summary-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="payment-summary-title" className="text-lg font-semibold text-gray-900">
        {formatMessage({ id: 'payments.summary.title' })}
      </h2>
      <dl className="mt-3 divide-y divide-gray-100">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 py-2">
            <dt className="text-gray-600">{row.asSent ? row.label : formatMessage({ id: row.label })}</dt>
            <dd className="text-right font-medium wrap-anywhere text-gray-900">{row.value}</dd>
          </div>
        ))}
        {charge && (
          <div className="flex justify-between gap-4 pt-3 text-lg">
            <dt className="font-semibold text-gray-900">{formatMessage({ id: 'payments.receipt.total' })}</dt>
            <dd className="font-bold text-brand-700">{format.paise(charge.totalPaise)}</dd>
          </div>
        )}
      </dl>
      {!charge && (
        <p aria-live="polite" className="mt-2 text-sm text-gray-600">
          {pricingNote}
        </p>
      )}
    </section>
  );
}
