import { type MerchantTransaction, REFUND_REMARK_MAX } from '@erti/contracts';
import { messages } from '@erti/contracts/messages';
import { type FormEvent, useId, useState } from 'react';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';
import { ModalDialog } from '../../../components/layout/modal-dialog.tsx';
import { formatDateTime, formatRupees } from '../../../lib/format.ts';
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
  const rows: [string, string][] = [
    ['Date', formatDateTime(transaction.date)],
    ['Order ID', transaction.merchantOrderId],
    ['Our order ID', transaction.orderId],
    ['Gateway', gatewayName(transaction.gateway)],
    ['Payment mode', transaction.paymentMode ?? '—'],
    ['Transaction ID', transaction.transactionId ?? '—'],
    ['Biller', transaction.billerName ?? 'Test payment'],
    ['Bill amount', formatRupees(transaction.billAmount)],
    ['Convenience fee', formatRupees(transaction.convenienceFee)],
    ['Total', formatRupees(transaction.amount)],
    ['Refunded so far', formatRupees(transaction.refundedAmount)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-600">{label}</dt>
          <dd className="break-all text-gray-900">{value}</dd>
        </div>
      ))}
      <dt className="font-medium text-gray-600">Status</dt>
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
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!remark.trim()) {
      setError(messages.validation.refundRemark);
      return;
    }
    setError(undefined);
    onInitiate(remark.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3 border-t border-gray-200 pt-4">
      <FormField
        label="Refund remark"
        error={error}
        hint="Why the customer is refunded; kept in the audit trail."
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
        Initiate Refund
      </button>
    </form>
  );
}

/** View: a transaction's details and, when it can be refunded, the refund remark. */
export function TransactionDialog({ transaction, onClose, onRefunded }: TransactionDialogProps) {
  const titleId = useId();
  const [remark, setRemark] = useState<string>();
  const refundable = transaction.refundableAmount > 0;
  // The confirm modal is a sibling, not a child: React would pass its close event up to this one.
  return (
    <>
      <ModalDialog labelledBy={titleId} onClose={onClose} className="w-[min(40rem,calc(100%-2rem))]">
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-xl font-semibold text-gray-900">
            Transaction details
          </h2>
          <Details transaction={transaction} />
          {refundable ? (
            <RefundForm onInitiate={setRemark} />
          ) : (
            <p className="border-t border-gray-200 pt-4 text-sm text-gray-700">
              Only completed transactions can be refunded.
            </p>
          )}
          <div className="flex justify-end">
            <button type="button" className={buttonClass} onClick={onClose}>
              Close
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
