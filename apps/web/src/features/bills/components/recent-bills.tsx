import type { SavedBill } from '@erti/contracts';
import type { CategorySlug } from '@erti/contracts/catalogue';
import { type ReactNode, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { useFormat } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDeleteSavedBill } from '../api/delete-saved-bill.ts';
import { useSavedBills } from '../api/list-saved-bills.ts';
import type { BillEntryState } from '../navigation.ts';

interface RecentBillsProps {
  category: string;
  categorySlug: CategorySlug;
  /** What other features offer for the current saved bill (Add to My Bills). */
  actions?: (bill: SavedBill) => ReactNode;
}

/**
 * A prerendered page is drawn, and hydrated, before the session is read (decision 092). When one is
 * stored, the page's head script has marked `<html data-session>`: this frame, hidden otherwise, keeps
 * the room of an empty Recent Bills panel so that the panel comes in without moving the billers below.
 */
function RecentBillsRoom() {
  return (
    <div
      aria-hidden="true"
      className="hidden h-[90px] rounded-xl border border-gray-200 bg-white [html[data-session]_&]:block"
    />
  );
}

/**
 * The signed-in user's saved bills of this category: the first is current; a toggle lists the
 * others, choosing one makes it current; a bill can be deleted or opened to pay it again.
 */
export function RecentBills({ category, categorySlug, actions }: RecentBillsProps) {
  const { formatMessage } = useIntl();
  const session = useSession();
  const saved = useSavedBills(category);
  const bills = saved.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const listId = useId();
  if (!session) return <RecentBillsRoom />;
  const current = bills.find((bill) => bill._id === chosen) ?? bills[0];
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-gray-900">
        {formatMessage({ id: 'bills.recent.title' })}
      </h2>
      {saved.isPending ? (
        <Spinner label={formatMessage({ id: 'bills.recent.loading' })} />
      ) : saved.isError ? (
        <LoadFailed look="note" onRetry={() => void saved.refetch()} retrying={saved.isFetching}>
          {formatMessage({ id: 'bills.recent.loadFailed' })}
        </LoadFailed>
      ) : current ? (
        <SavedBillCard
          key={current._id}
          bill={current}
          category={category}
          categorySlug={categorySlug}
          actions={actions}
        />
      ) : (
        <p className="mt-2 text-sm text-gray-600">{formatMessage({ id: 'bills.recent.none' })}</p>
      )}
      {bills.length > 1 && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="mt-3 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {expanded
            ? formatMessage({ id: 'bills.recent.hide' })
            : formatMessage({ id: 'bills.recent.showAll' }, { count: bills.length })}
        </button>
      )}
      {expanded && (
        <ul id={listId} className="mt-2 space-y-1">
          {bills.map((bill) => (
            <li key={bill._id}>
              <button
                type="button"
                aria-pressed={bill._id === current?._id}
                onClick={() => setChosen(bill._id)}
                className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-brand-50 aria-pressed:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span className="font-medium">{bill.billerName}</span> · {accountOf(bill)} ·{' '}
                {bill.customerName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The customer's account as they typed it (the first customer parameter). */
const accountOf = (bill: SavedBill) =>
  bill.BillRequest.billDetails.customerParams[0]?.value ?? bill.billNumber;

function SavedBillCard({ bill, category, categorySlug, actions }: { bill: SavedBill } & RecentBillsProps) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const deleteBill = useDeleteSavedBill(category);
  const reopen: BillEntryState = {
    billerId: bill.billerId,
    prefill: bill.BillRequest.billDetails.customerParams,
  };
  return (
    <div className="mt-3 rounded-lg bg-brand-50 p-3 text-sm">
      <p className="font-semibold text-gray-900">{bill.billerName}</p>
      <p className="text-gray-700">
        {bill.customerName} · {accountOf(bill)}
      </p>
      {bill.paidAt && (
        <p className="mt-1 font-medium text-green-800">
          {formatMessage({ id: 'bills.recent.paidOn' }, { date: format.date(bill.paidAt) })}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-gray-700">
        <dt>{formatMessage({ id: 'payments.receipt.billNumber' })}</dt>
        <dd>{bill.billNumber}</dd>
        <dt>{formatMessage({ id: 'payments.progress.amount' })}</dt>
        <dd>{format.rupees(bill.amount)}</dd>
        <dt>{formatMessage({ id: 'payments.summary.dueDate' })}</dt>
        <dd>{format.calendarDate(bill.dueDate)}</dd>
      </dl>
      <div className="mt-3 flex gap-2">
        <Link
          to={paths.billEntry(categorySlug, bill.category, bill.billerName)}
          state={reopen}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {formatMessage({ id: 'bills.recent.fetchLatest' })}
        </Link>
        <BusyButton
          aria-label={formatMessage({ id: 'bills.recent.deleteLabel' }, { billNumber: bill.billNumber })}
          busy={deleteBill.isPending}
          onClick={() => deleteBill.mutate(bill.billNumber)}
          className="rounded-md border border-gray-300 px-3 py-1.5 font-medium text-gray-700 hover:bg-white disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {formatMessage({ id: 'bills.recent.delete' })}
        </BusyButton>
      </div>
      {actions?.(bill)}
    </div>
  );
}
