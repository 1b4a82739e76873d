import type { MyBill } from '@erti/contracts';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { ConfirmDialog } from '../../../components/layout/confirm-dialog.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
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
  const { formatMessage } = useIntl();
  const format = useFormat();
  const titleId = useId();
  const reminders = useSetReminders();
  const state = stateLabels[bill.state];
  const account = bill.customerParams.map((param) => param.value).join(' · ');
  const fee = bill.bill && paiseOrUndefined(parseRupees(bill.bill.convenienceFee));
  const canPay = bill.bill !== null && bill.state !== 'paid';
  const failed = (id: string) => () => toast.error(formatMessage({ id }));
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
          {formatMessage({ id: state.text })}
        </span>
      </div>
      {bill.bill ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-gray-700 sm:grid-cols-4">
          <dt>{formatMessage({ id: 'payments.progress.amount' })}</dt>
          <dd className="font-medium text-gray-900">
            {fee
              ? formatMessage(
                  { id: 'my-bills.card.amountWithFee' },
                  { amount: format.rupees(bill.bill.amount), fee: format.rupees(bill.bill.convenienceFee) },
                )
              : format.rupees(bill.bill.amount)}
          </dd>
          <dt>{formatMessage({ id: 'payments.summary.dueDate' })}</dt>
          <dd className="font-medium text-gray-900">{format.calendarDate(bill.bill.dueDate)}</dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-gray-600">
          {formatMessage({ id: bill.lastCheckedAt ? 'my-bills.card.nothingDue' : 'my-bills.card.asking' })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
        {canPay && (
          <Link
            to={paths.payMyBill(bill.id)}
            className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {formatMessage({ id: 'my-bills.card.payNow' })}
          </Link>
        )}
        <button
          type="button"
          role="switch"
          aria-checked={bill.remindersOn}
          aria-busy={reminders.isPending}
          disabled={reminders.isPending}
          onClick={() =>
            reminders.mutate(
              { id: bill.id, remindersOn: !bill.remindersOn },
              { onError: failed('my-bills.card.remindersFailed') },
            )
          }
          className={actionClass}
        >
          {formatMessage({ id: bill.remindersOn ? 'my-bills.card.remindOn' : 'my-bills.card.remindOff' })}
        </button>
        <RemoveButton bill={bill} />
      </div>
      <AutopayPanel bill={bill} />
    </article>
  );
}

/**
 * Remove, asked first: a bill removed by a stray tap loses its reminders and AutoPay's place. A refusal
 * says the api's reason in the customer's language (a bill with AutoPay: cancel AutoPay first).
 */
function RemoveButton({ bill }: { bill: MyBill }) {
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();
  const remove = useRemoveMyBill();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    remove.mutate(bill.id, {
      onSettled: () => setAsking(false),
      onError: (error) =>
        toast.error(apiErrorText(error, formatMessage({ id: 'my-bills.card.removeFailed' }))),
    });
  return (
    <>
      <BusyButton
        aria-label={formatMessage({ id: 'my-bills.card.removeLabel' }, { nickname: bill.nickname })}
        busy={remove.isPending}
        onClick={() => setAsking(true)}
        className={actionClass}
      >
        {formatMessage({ id: 'my-bills.card.remove' })}
      </BusyButton>
      {asking && (
        <ConfirmDialog
          title={formatMessage({ id: 'my-bills.remove.title' }, { nickname: bill.nickname })}
          confirmLabel={formatMessage({ id: 'my-bills.remove.confirm' })}
          keepLabel={formatMessage({ id: 'my-bills.remove.keep' })}
          busy={remove.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        >
          {formatMessage({ id: 'my-bills.remove.text' })}
        </ConfirmDialog>
      )}
    </>
  );
}
