import type { QueriedTransaction } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { useFormat } from '../../../lib/format.ts';
import { statusLabel } from '../status-label.ts';

const statusTone: Record<QueriedTransaction['status'], string> = {
  SUCCESS: 'bg-green-100 text-green-800',
  FAILURE: 'bg-red-100 text-red-800',
  PENDING: 'bg-amber-100 text-amber-800',
};

/** The transactions found: B-Connect Txn ID, biller, the total with both its parts, date and status. */
export function TransactionsTable({ transactions }: { transactions: QueriedTransaction[] }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const paise = (amount: number | null) => (amount === null ? '—' : format.paise(amount));
  const partly = transactions.some((txn) => txn.billerName === null || txn.amountPaise === null);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">{formatMessage({ id: 'complaints.transactions.caption' })}</caption>
          <thead className="border-b text-gray-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {formatMessage({ id: 'payments.receipt.txnId' })}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {formatMessage({ id: 'payments.receipt.biller' })}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {formatMessage({ id: 'payments.receipt.billAmount' })}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {formatMessage({ id: 'payments.summary.convenienceFee' })}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {formatMessage({ id: 'payments.receipt.total' })}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {formatMessage({ id: 'complaints.transactions.date' })}
              </th>
              <th scope="col" className="py-2 font-medium">
                {formatMessage({ id: 'payments.receipt.status' })}
              </th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((txn) => (
              <tr key={txn.txnReferenceId} className="border-b last:border-0">
                <td className="py-2 pr-4 font-mono">{txn.txnReferenceId}</td>
                <td className="py-2 pr-4">{txn.billerName ?? '—'}</td>
                <td className="py-2 pr-4">{paise(txn.amountPaise)}</td>
                <td className="py-2 pr-4">{paise(txn.convenienceFeePaise)}</td>
                <td className="py-2 pr-4 font-medium">{paise(txn.totalPaise)}</td>
                <td className="py-2 pr-4">{format.dateTime(txn.txnDate)}</td>
                <td className="py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[txn.status]}`}
                  >
                    {statusLabel(txn.status, formatMessage)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {partly && (
        <p className="text-sm text-gray-600">{formatMessage({ id: 'complaints.transactions.partly' })}</p>
      )}
    </div>
  );
}
