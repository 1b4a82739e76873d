import type { MerchantTransaction } from '@erti/contracts';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/layout/modal-dialog.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useApiMessageText } from '../../../lib/i18n/api-messages.ts';
import { toast } from '../../../lib/toast.ts';
import { useRefundTransaction } from '../api/refund-transaction.ts';
import { newIdempotencyKey } from '../model/idempotency-key.ts';
import { gatewayName } from '../model/view.ts';
import { buttonClass } from './search-form.tsx';

interface ConfirmRefundDialogProps {
  transaction: MerchantTransaction;
  remark: string;
  onCancel: () => void;
  onRefunded: (message: string) => void;
}

/**
 * The last look before money moves: what, to whom, why. Confirming twice (or retrying after an
 * error) sends the same idempotency key, so the customer is refunded once.
 */
export function ConfirmRefundDialog({ transaction, remark, onCancel, onRefunded }: ConfirmRefundDialogProps) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const apiErrorText = useApiErrorText();
  const apiMessageText = useApiMessageText();
  const titleId = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const refund = useRefundTransaction();
  const confirm = () =>
    refund.mutate(
      { request: { merchantOrderId: transaction.merchantOrderId, refundNote: remark }, idempotencyKey },
      {
        onSuccess: (answer) => onRefunded(apiMessageText(answer)),
        onError: () => toast.error(formatMessage({ id: 'spec.errors.refundFailed' })),
      },
    );
  return (
    <ModalDialog labelledBy={titleId} onClose={onCancel}>
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-xl font-semibold text-gray-900">
          {formatMessage({ id: 'merchant.confirm.title' })}
        </h2>
        <p className="text-gray-800">
          {formatMessage(
            { id: 'merchant.confirm.text' },
            {
              amount: <strong>{format.rupees(transaction.refundableAmount)}</strong>,
              order: <span className="font-mono break-all">{transaction.merchantOrderId}</span>,
              gateway: gatewayName(transaction.gateway),
            },
          )}
        </p>
        <blockquote className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">
          <span className="font-medium">{formatMessage({ id: 'merchant.confirm.remark' })}</span> {remark}
        </blockquote>
        {refund.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            {formatMessage({ id: 'spec.errors.refundFailed' })}: {apiErrorText(refund.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onCancel} disabled={refund.isPending}>
            {formatMessage({ id: 'my-bills.add.cancel' })}
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={refund.isPending}
            aria-busy={refund.isPending}
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
          >
            {formatMessage({
              id: refund.isPending ? 'merchant.confirm.refunding' : 'merchant.confirm.submit',
            })}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
