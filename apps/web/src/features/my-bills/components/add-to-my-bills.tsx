import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { useAddMyBill } from '../api/add-my-bill.ts';

interface AddToMyBillsProps {
  billerId: string;
  customerParams: { name: string; value: string }[];
  /** What the nickname field starts with (the biller's name). */
  suggestedNickname: string;
}

const buttonClass =
  'rounded-md border border-brand-700 px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * "Add to My Bills" under a fetched or saved bill: a nickname, then the entry is kept and its bill
 * watched. The same account twice is answered with the server's message, never a second entry.
 */
export function AddToMyBills({ billerId, customerParams, suggestedNickname }: AddToMyBillsProps) {
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();
  const add = useAddMyBill();
  const [open, setOpen] = useState(false);
  const [nickname, setNickname] = useState(suggestedNickname.slice(0, 40));
  const fieldId = useId();
  const messageId = useId();
  if (add.isSuccess) {
    return (
      <p role="status" className="mt-3 text-sm text-green-800">
        {formatMessage({ id: 'my-bills.add.added' }, { nickname: add.data.nickname })}{' '}
        <Link to={paths.myBills} className="font-semibold underline">
          {formatMessage({ id: 'my-bills.goToMyBills' })}
        </Link>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className={`mt-3 ${buttonClass}`}>
        {formatMessage({ id: 'my-bills.add.title' })}
      </button>
    );
  }
  const problem = add.error ? apiErrorText(add.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ billerId, customerParams, nickname });
  };
  return (
    <form
      onSubmit={submit}
      className="mt-3 rounded-lg border border-gray-200 p-3 text-sm"
      aria-label={formatMessage({ id: 'my-bills.add.title' })}
    >
      <label htmlFor={fieldId} className="block font-medium text-gray-800">
        {formatMessage({ id: 'my-bills.add.nickname' })}
      </label>
      <input
        id={fieldId}
        value={nickname}
        maxLength={40}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        onChange={(event) => setNickname(event.target.value)}
        className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
      />
      {problem && (
        <p id={messageId} role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <BusyButton type="submit" busy={add.isPending} className={buttonClass}>
          {formatMessage({ id: 'my-bills.add.add' })}
        </BusyButton>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-md px-3 py-1.5 font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {formatMessage({ id: 'my-bills.add.cancel' })}
        </button>
      </div>
    </form>
  );
}
