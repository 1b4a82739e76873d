import type { Charge } from '@erti/contracts';
import { formatCalendarDate, formatPaise, formatRupees } from '../../../lib/format.ts';
import type { PaymentSelectionState } from '../../../lib/payment-state.ts';

interface Row {
  label: string;
  value: string;
}

/** The facts that identify what is being paid: biller, the customer's parameters, bill or plan. */
function billRows(selection: PaymentSelectionState): Row[] {
  const request = selection.billReq ?? selection.validationReq;
  const bill = selection.billRes?.response.billerResponse;
  const params = (request?.billDetails.customerParams ?? [])
    .filter((param) => param.value.trim() !== '')
    .map((param) => ({ label: param.name, value: param.value }));
  const optional: [string, string | undefined][] = [
    ['Customer name', bill?.customerName],
    ['Bill number', bill?.billNumber],
    ['Due date', formatCalendarDate(bill?.dueDate)],
    ['Plan', selection.plan?.description ?? selection.plan?.categoryType],
  ];
  return [
    { label: 'Biller', value: selection.biller.billerName },
    { label: 'Category', value: selection.biller.billerCategoryName },
    ...params,
    ...optional.flatMap(([label, value]) => (value ? [{ label, value }] : [])),
  ];
}

function amountRows(selection: PaymentSelectionState, charge: Charge | undefined): Row[] {
  if (!charge) return [{ label: 'Amount', value: formatRupees(selection.amount) }];
  return [
    { label: 'Amount', value: formatPaise(charge.amountPaise) },
    {
      label: 'Convenience fee',
      value: charge.convenienceFeePaise > 0 ? formatPaise(charge.convenienceFeePaise) : 'None',
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
  const rows = [...billRows(selection), ...amountRows(selection, charge)];
  return (
    <section aria-labelledby="payment-summary-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="payment-summary-title" className="text-lg font-semibold text-gray-900">
        You are paying
      </h2>
      <dl className="mt-3 divide-y divide-gray-100">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 py-2">
            <dt className="text-gray-600">{row.label}</dt>
            <dd className="text-right font-medium wrap-anywhere text-gray-900">{row.value}</dd>
          </div>
        ))}
        {charge && (
          <div className="flex justify-between gap-4 pt-3 text-lg">
            <dt className="font-semibold text-gray-900">Total</dt>
            <dd className="font-bold text-brand-700">{formatPaise(charge.totalPaise)}</dd>
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
