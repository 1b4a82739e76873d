import type { MyBill } from '@erti/contracts';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate, formatRupees } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useRemoveMyBill } from '../api/remove-my-bill.ts';
import { useSetReminders } from '../api/set-reminders.ts';
import { stateLabels } from '../state-label.ts';
import { AutopayPanel } from './autopay-panel.tsx';

const actionClass =
  'rounded-md border border-gray-300 px-3 py-1.5 font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** One entry of My Bills: nickname, biller, account, latest bill and state, and its actions. */
export function MyBillCard({ bill }: { bill: MyBill }) {
  const titleId = useId();
  const reminders = useSetReminders();
  const remove = useRemoveMyBill();
  const state = stateLabels[bill.state];
  const account = bill.customerParams.map((param) => param.value).join(' · ');
  const fee = bill.bill && paiseOrUndefined(parseRupees(bill.bill.convenienceFee));
  const canPay = bill.bill !== null && bill.state !== 'paid';
  const failed = (what: string) => () => toast.error(`Could not ${what}. Please try again.`);
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {bill.nickname}
          </h2>
          <p className="text-sm text-gray-700">
            {bill.billerName} · {account}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${state.className}`}>
          {state.text}
        </span>
      </div>
      {bill.bill ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-gray-700 sm:grid-cols-4">
          <dt>Amount</dt>
          <dd className="font-medium text-gray-900">
            {formatRupees(bill.bill.amount)}
            {fee ? ` + ${formatRupees(bill.bill.convenienceFee)} fee` : ''}
          </dd>
          <dt>Due date</dt>
          <dd className="font-medium text-gray-900">{formatCalendarDate(bill.bill.dueDate)}</dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-gray-600">
          {bill.lastCheckedAt ? 'No bill is due right now.' : 'We are asking the biller for your bill.'}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
        {canPay && (
          <Link
            to={paths.payMyBill(bill.id)}
            className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Pay now
          </Link>
        )}
        <button
          type="button"
          role="switch"
          aria-checked={bill.remindersOn}
          disabled={reminders.isPending}
          onClick={() =>
            reminders.mutate(
              { id: bill.id, remindersOn: !bill.remindersOn },
              { onError: failed('change the reminders') },
            )
          }
          className={actionClass}
        >
          Remind me: {bill.remindersOn ? 'On' : 'Off'}
        </button>
        <button
          type="button"
          aria-label={`Remove ${bill.nickname} from My Bills`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(bill.id, { onError: failed('remove this bill') })}
          className={actionClass}
        >
          Remove
        </button>
      </div>
      <AutopayPanel bill={bill} />
    </article>
  );
}
