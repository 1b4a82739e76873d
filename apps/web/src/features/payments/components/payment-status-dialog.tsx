import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ModalDialog } from '../../../components/layout/modal-dialog.tsx';
import { useFormat } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import type { PaymentStatusAnswer } from '../api/get-phonepe-status.ts';
import { paymentStatusView } from '../model/payment-status-view.ts';
import { fieldLabel, fieldValue } from '../model/status-fields.ts';
import { statusSentence } from '../model/status-sentence.ts';
import { StatusIcon } from './status-icon.tsx';

const titleColours = {
  success: 'text-green-700',
  failure: 'text-red-700',
  pending: 'text-amber-700',
} as const;

/**
 * The status modal: icon and title by status, one plain sentence of where the money is with a link to
 * the receipt, then every field of the answer, 'N/A' when empty (`money` is the sentence, decision 111).
 */
export function PaymentStatusDialog({
  answer,
  onClose,
}: {
  answer: PaymentStatusAnswer;
  onClose: () => void;
}) {
  const { formatMessage } = useIntl();
  const titleId = useId();
  const format = useFormat();
  const { tone, title } = paymentStatusView(answer.status);
  const { money, ...fields } = answer;
  const sentence = money ? statusSentence(answer, format) : undefined;
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="flex flex-col items-center gap-3 p-6 text-center">
        <StatusIcon tone={tone} />
        <h2 id={titleId} className={`text-xl font-bold ${titleColours[tone]}`}>
          {formatMessage({ id: title })}
        </h2>
        {sentence && <p className="text-gray-800">{formatMessage(sentence, sentence.values)}</p>}
        <Link to={paths.receipt(answer.orderId)} className="font-semibold text-brand-700 underline">
          {formatMessage({ id: 'payments.outcome.viewReceipt' })}
        </Link>
      </div>
      <dl className="max-h-[50vh] divide-y divide-gray-100 overflow-y-auto border-y border-gray-100 px-6">
        {Object.entries(fields).map(([name, value]) => (
          <div key={name} className="grid grid-cols-2 gap-3 py-2 text-sm">
            <dt className="font-semibold text-gray-600">{fieldLabel(name)}</dt>
            <dd className="wrap-anywhere text-gray-900">
              {fieldValue(value, formatMessage({ id: 'payments.statusDialog.notAvailable' }))}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-end p-4">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {formatMessage({ id: 'payments.statusDialog.close' })}
        </button>
      </div>
    </ModalDialog>
  );
}
