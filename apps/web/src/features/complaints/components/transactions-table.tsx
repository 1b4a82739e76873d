import type { QueriedTransaction } from '@erti/contracts';
import { formatDateTime, formatPaise } from '../../../lib/format.ts';
import { statusLabel } from '../status-label.ts';

const statusTone: Record<QueriedTransaction['status'], string> = {
  SUCCESS: 'bg-green-100 text-green-800',
  FAILURE: 'bg-red-100 text-red-800',
  PENDING: 'bg-amber-100 text-amber-800',
};

const paise = (amount: number | null) => (amount === null ? '—' : formatPaise(amount));

/** The transactions found: B-Connect Txn ID, biller, the total with both its parts, date and status. */
export function TransactionsTable({ transactions }: { transactions: QueriedTransaction[] }) {
  const partly = transactions.some((txn) => txn.billerName === null || txn.amountPaise === null);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">Transactions found</caption>
          <thead className="border-b text-gray-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                B-Connect Txn ID
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Biller
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Bill amount
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Convenience fee
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Total
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
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
                <td className="py-2 pr-4">{formatDateTime(txn.txnDate)}</td>
                <td className="py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[txn.status]}`}
                  >
                    {statusLabel(txn.status)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {partly && (
        <p className="text-sm text-gray-600">
          The biller and amount are shown only to the signed-in account that made the payment.
        </p>
      )}
    </div>
  );
}
