import { type MerchantTransaction, REFUND_REMARK_MAX } from '@erti/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';
import { ModalDialog } from '../../../components/layout/modal-dialog.tsx';
import { useFormat } from '../../../lib/format.ts';
import { gatewayName, transactionTone } from '../model/view.ts';
import { ConfirmRefundDialog } from './confirm-refund-dialog.tsx';
import { buttonClass } from './search-form.tsx';
import { StatusBadge } from './status-badge.tsx';

interface TransactionDialogProps {
  transaction: MerchantTransaction;
  onClose: () => void;
  /** The refund was accepted; `message` is the server's. */
  onRefunded: (message: string) => void;
}

function Details({ transaction }: { transaction: MerchantTransaction }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const rows: [string, string][] = [
    ['complaints.transactions.date', format.dateTime(transaction.date)],
    ['payments.receipt.orderId', transaction.merchantOrderId],
    ['merchant.details.ourOrderId', transaction.orderId],
    ['merchant.gateway', gatewayName(transaction.gateway)],
    ['payments.receipt.paymentMode', transaction.paymentMode ?? '—'],
    ['merchant.details.transactionId', transaction.transactionId ?? '—'],
    [
      'payments.receipt.biller',
      transaction.billerName ?? formatMessage({ id: 'payments.transactions.testPayment' }),
    ],
    ['payments.receipt.billAmount', format.rupees(transaction.billAmount)],
    ['payments.summary.convenienceFee', format.rupees(transaction.convenienceFee)],
    ['payments.receipt.total', format.rupees(transaction.amount)],
    ['merchant.details.refundedSoFar', format.rupees(transaction.refundedAmount)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-600">{formatMessage({ id: label })}</dt>
          <dd className="break-all text-gray-900">{value}</dd>
        </div>
      ))}
      <dt className="font-medium text-gray-600">{formatMessage({ id: 'payments.receipt.status' })}</dt>
      <dd>
        <StatusBadge label={transaction.status} tone={transactionTone(transaction.status)} />
      </dd>
    </dl>
  );
}

/**
 * The refund remark and 'Initiate Refund' (a remark is required), which opens the confirm modal.
 * Only a completed transaction with money left to refund offers it (spec section 4).
 */
function RefundForm({ onInitiate }: { onInitiate: (remark: string) => void }) {
  const { formatMessage } = useIntl();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!remark.trim()) {
      setError(formatMessage({ id: 'spec.validation.refundRemark' }));
      return;
    }
    setError(undefined);
    onInitiate(remark.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3 border-t border-gray-200 pt-4">
      <FormField
        label={formatMessage({ id: 'merchant.refund.remark' })}
        error={error}
        hint={formatMessage({ id: 'merchant.refund.remarkHint' })}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={REFUND_REMARK_MAX}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <button
        type="submit"
        className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        {formatMessage({ id: 'merchant.refund.initiate' })}
      </button>
    </form>
  );
}

/** View: a transaction's details and, when it can be refunded, the refund remark. */
export function TransactionDialog({ transaction, onClose, onRefunded }: TransactionDialogProps) {
  const { formatMessage } = useIntl();
  const titleId = useId();
  const [remark, setRemark] = useState<string>();
  const refundable = transaction.refundableAmount > 0;
  // The confirm modal is a sibling, not a child: React would pass its close event up to this one.
  return (
    <>
      <ModalDialog labelledBy={titleId} onClose={onClose} className="w-[min(40rem,calc(100%-2rem))]">
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-xl font-semibold text-gray-900">
            {formatMessage({ id: 'merchant.details.title' })}
          </h2>
          <Details transaction={transaction} />
          {refundable ? (
            <RefundForm onInitiate={setRemark} />
          ) : (
            <p className="border-t border-gray-200 pt-4 text-sm text-gray-700">
              {formatMessage({ id: 'merchant.details.notRefundable' })}
            </p>
          )}
          <div className="flex justify-end">
            <button type="button" className={buttonClass} onClick={onClose}>
              {formatMessage({ id: 'payments.statusDialog.close' })}
            </button>
          </div>
        </div>
      </ModalDialog>
      {remark !== undefined && (
        <ConfirmRefundDialog
          transaction={transaction}
          remark={remark}
          onCancel={() => setRemark(undefined)}
          onRefunded={onRefunded}
        />
      )}
    </>
  );
}
