import { indiaDate } from '@erti/contracts/india-time';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { type ReactNode, useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { WithBharatConnectLogo } from '../../../components/network-mark.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useParamName } from '../../../lib/i18n/param-names.ts';
import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';
import { paths } from '../../../lib/paths.ts';
import { getUserData } from '../../../lib/session.ts';
import { type BillDetailsState, isBillDetailsState } from '../navigation.ts';
import { useCategoryWords } from '../service-copy.ts';
import { BillerLogo } from './biller-logo.tsx';

/**
 * The bill confirmation (`/billerdetails`): the fetched bill, then on to the payment choice.
 * `renderActions` adds what other features offer for the bill (Add to My Bills), under the button;
 * `renderNotice` what they must say before the customer pays (AutoPay will pay this bill), above it.
 */
export function BillDetails({
  renderActions,
  renderNotice,
}: {
  renderActions?: (bill: BillDetailsState) => ReactNode;
  renderNotice?: (bill: BillDetailsState) => ReactNode;
} = {}) {
  const { formatMessage } = useIntl();
  const { pathname, state } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the spec scrolls to the top on every path change.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  if (!isBillDetailsState(state)) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-brand-700">
          {formatMessage({ id: 'bills.details.none' })}
        </h1>
        <p className="mt-3 text-gray-600">{formatMessage({ id: 'bills.details.noneHelp' })}</p>
        <Link to={paths.services} className="mt-6 inline-block font-semibold text-brand-700 underline">
          {formatMessage({ id: 'bills.details.toServices' })}
        </Link>
      </section>
    );
  }
  return <FetchedBill {...state} actions={renderActions?.(state)} notice={renderNotice?.(state)} />;
}

function FetchedBill({
  response,
  biller,
  billReq,
  actions,
  notice,
}: BillDetailsState & { actions?: ReactNode; notice?: ReactNode }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const navigate = useNavigate();
  const amountId = useId();
  const { caption } = useCategoryWords(biller.billerCategoryName);
  const paramName = useParamName();
  const bill = response.response.billerResponse ?? {};
  const fee = bill.custConvFee;
  // No fee, or a fee of zero, is left out; a fee that cannot be read is shown as sent.
  const noFee = !fee || paiseOrUndefined(parseRupees(fee)) === 0;
  const customer: Row[] = [
    // The biller's own names for its parameters, as sent (but the site's own, in its language).
    ...billReq.billDetails.customerParams.map(({ name, value }): Row => [paramName(name), value]),
    [formatMessage({ id: 'bills.details.customerName' }), bill.customerName],
    [formatMessage({ id: 'bills.details.billDate' }), format.calendarDate(bill.billDate)],
  ];
  const dues: Row[] = [
    [formatMessage({ id: 'bills.details.dueDate' }), format.calendarDate(bill.dueDate)],
    [formatMessage({ id: 'bills.details.billNumber' }), bill.billNumber],
    [formatMessage({ id: 'bills.details.billPeriod' }), bill.billPeriod],
    [formatMessage({ id: 'bills.details.convenienceFee' }), noFee ? undefined : format.rupees(fee)],
  ];
  const proceed = () => {
    const state: PaymentSelectionState = {
      amount: bill.amount ?? '',
      biller,
      billReq,
      billRes: response,
      user: getUserData(),
    };
    navigate(paths.paymentSelection, { state });
  };
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <WithBharatConnectLogo>
        <p className="text-lg font-medium text-gray-600">{caption}</p>
      </WithBharatConnectLogo>
      <div className="mt-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex items-center gap-4">
          <BillerLogo
            billerName={biller.billerName}
            billerCategoryName={biller.billerCategoryName}
            size="lg"
          />
          <p className="text-xl font-semibold text-gray-900">{biller.billerName}</p>
        </div>
        <h1 className="mt-6 text-sm font-bold tracking-wider text-brand-700">
          {formatMessage({ id: 'bills.details.title' })}
        </h1>
        <DetailRows rows={customer} />
        <label htmlFor={amountId} className="mt-4 block text-gray-600">
          {formatMessage({ id: 'payments.progress.amount' })}
        </label>
        <input
          id={amountId}
          readOnly
          value={format.rupees(bill.amount ?? '')}
          className="mt-1 mb-4 w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2.5 text-lg font-semibold"
        />
        <DetailRows rows={dues} />
        {isOverdue(bill.dueDate) && (
          <p role="note" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-red-900">
            <strong>{formatMessage({ id: 'bills.details.overdueBadge' })}</strong>
            {' · '}
            {formatMessage({ id: 'bills.details.overdue' }, { date: format.calendarDate(bill.dueDate) })}
          </p>
        )}
        {notice}
        <button
          type="button"
          onClick={proceed}
          className="mt-6 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {formatMessage({ id: 'bills.details.proceed' })}
        </button>
        {actions}
      </div>
    </section>
  );
}

type Row = [label: string, value: string | undefined];

/** Whether a due date the biller sent ('YYYY-MM-DD') is before today in India; a date written otherwise is not judged. */
function isOverdue(dueDate: string | undefined): boolean {
  if (!dueDate || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) return false;
  return dueDate < indiaDate();
}

/**
 * Label and value pairs; a value the biller did not send (a bill period, a fee) is left out. The labels'
 * column is up to two fifths of the row and never narrower than a label's longest word (`fit-content`):
 * a long word ('வாடிக்கையாளர்' on a 390 px phone) widens it rather than running into its value. Labels wrap
 * between words; values wrap anywhere, so a long account or bill number fits the rest.
 */
function DetailRows({ rows }: { rows: Row[] }) {
  return (
    <dl className="mt-3 grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4 gap-y-2">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="font-medium wrap-anywhere text-gray-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
