import {
  type MerchantHistoryPage,
  type MerchantTransaction,
  merchantTransactionStatusSchema,
} from '@erti/contracts';
import { messages } from '@erti/contracts/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { inputClass } from '../../../components/form/form-field.tsx';
import { formatDateTime, formatRupees } from '../../../lib/format.ts';
import type { TransactionFilter } from '../model/filters.ts';
import { gatewayName, transactionTone } from '../model/view.ts';
import { PagedTable } from './paged-table.tsx';
import { SearchForm } from './search-form.tsx';
import { StatusBadge } from './status-badge.tsx';

interface TransactionsPanelProps {
  transactions: UseQueryResult<MerchantHistoryPage>;
  filter: TransactionFilter;
  onFilter: (filter: TransactionFilter) => void;
  onView: (transaction: MerchantTransaction) => void;
}

function TransactionRow({ transaction, onView }: { transaction: MerchantTransaction; onView: () => void }) {
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap">{formatDateTime(transaction.date)}</td>
      <td className="font-mono break-all">{transaction.merchantOrderId}</td>
      <td>{gatewayName(transaction.gateway)}</td>
      <td>{transaction.paymentMode ?? '—'}</td>
      <td className="whitespace-nowrap text-right font-medium">{formatRupees(transaction.amount)}</td>
      <td>
        <StatusBadge label={transaction.status} tone={transactionTone(transaction.status)} />
      </td>
      <td>
        <button
          type="button"
          onClick={onView}
          aria-label={`View ${transaction.merchantOrderId}`}
          className="font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          View
        </button>
      </td>
    </tr>
  );
}

/** The Transactions tab: search, status filter, the table of orders and pages. */
export function TransactionsPanel({ transactions, filter, onFilter, onView }: TransactionsPanelProps) {
  const statusId = useId();
  const refilter = (change: Partial<TransactionFilter>) => onFilter({ ...filter, ...change, page: 1 });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <SearchForm search={filter.search} onSearch={(search) => refilter({ search })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-gray-800">
            Status
          </label>
          <select
            id={statusId}
            value={filter.status}
            onChange={(event) => refilter({ status: event.target.value as TransactionFilter['status'] })}
            className={`${inputClass} w-48`}
          >
            <option value="">All statuses</option>
            {merchantTransactionStatusSchema.options.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedTable
        what="transactions"
        list={transactions}
        empty={messages.empty.transactions}
        caption="Transactions, newest first"
        minWidthClass="min-w-[52rem]"
        columns={
          <>
            <th scope="col">Date</th>
            <th scope="col">Order ID</th>
            <th scope="col">Gateway</th>
            <th scope="col">Payment mode</th>
            <th scope="col" className="text-right">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Details</span>
            </th>
          </>
        }
        rows={transactions.data?.transactions.map((transaction) => (
          <TransactionRow
            key={transaction.orderId}
            transaction={transaction}
            onView={() => onView(transaction)}
          />
        ))}
        filter={filter}
        onFilter={onFilter}
      />
    </div>
  );
}
