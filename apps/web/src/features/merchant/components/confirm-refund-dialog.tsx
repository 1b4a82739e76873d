import type { MerchantTransaction } from '@erti/contracts';
import { messages } from '@erti/contracts/messages';
import { useId, useState } from 'react';
import { ModalDialog } from '../../../components/layout/modal-dialog.tsx';
import { formatRupees } from '../../../lib/format.ts';
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
  const titleId = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const refund = useRefundTransaction();
  const confirm = () =>
    refund.mutate(
      { request: { merchantOrderId: transaction.merchantOrderId, refundNote: remark }, idempotencyKey },
      {
        onSuccess: (answer) => onRefunded(answer.message),
        onError: () => toast.error(messages.errors.refundFailed),
      },
    );
  return (
    <ModalDialog labelledBy={titleId} onClose={onCancel}>
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-xl font-semibold text-gray-900">
          Confirm refund
        </h2>
        <p className="text-gray-800">
          Refund <strong>{formatRupees(transaction.refundableAmount)}</strong> to the customer for order{' '}
          <span className="font-mono break-all">{transaction.merchantOrderId}</span> through{' '}
          {gatewayName(transaction.gateway)}? A refund cannot be taken back.
        </p>
        <blockquote className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">
          <span className="font-medium">Remark:</span> {remark}
        </blockquote>
        {refund.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            {messages.errors.refundFailed}: {refund.error.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onCancel} disabled={refund.isPending}>
            Cancel
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={refund.isPending}
            aria-busy={refund.isPending}
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
          >
            {refund.isPending ? 'Refunding…' : 'Confirm Refund'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
