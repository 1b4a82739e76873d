import {
  type MerchantHistoryPage,
  type MerchantTransaction,
  merchantTransactionStatusSchema,
} from '@erti/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { inputClass } from '../../../components/form/form-field.tsx';
import { useFormat } from '../../../lib/format.ts';
import type { TransactionFilter } from '../model/filters.ts';
import { gatewayName, transactionTone } from '../model/view.ts';
import { PagedTable } from './paged-table.tsx';
import { SearchForm } from './search-form.tsx';
import { StatusBadge } from './status-badge.tsx';

interface AllOrdersPanelProps {
  transactions: UseQueryResult<MerchantHistoryPage>;
  filter: TransactionFilter;
  onFilter: (filter: TransactionFilter) => void;
  onView: (transaction: MerchantTransaction) => void;
}

function TransactionRow({ transaction, onView }: { transaction: MerchantTransaction; onView: () => void }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap">{format.dateTime(transaction.date)}</td>
      <td className="font-mono break-all">{transaction.merchantOrderId}</td>
      <td>{gatewayName(transaction.gateway)}</td>
      <td>{transaction.paymentMode ?? '—'}</td>
      <td className="whitespace-nowrap text-right font-medium">{format.rupees(transaction.amount)}</td>
      <td>
        <StatusBadge label={transaction.status} tone={transactionTone(transaction.status)} />
      </td>
      <td>
        <button
          type="button"
          onClick={onView}
          aria-label={formatMessage(
            { id: 'merchant.transactions.viewLabel' },
            { id: transaction.merchantOrderId },
          )}
          className="font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {formatMessage({ id: 'merchant.transactions.view' })}
        </button>
      </td>
    </tr>
  );
}

/** The Transactions tab: every customer's orders (not a customer's own payments, `MyPayments`): search, status filter, the table and pages. */
export function AllOrdersPanel({ transactions, filter, onFilter, onView }: AllOrdersPanelProps) {
  const { formatMessage } = useIntl();
  const statusId = useId();
  const refilter = (change: Partial<TransactionFilter>) => onFilter({ ...filter, ...change, page: 1 });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <SearchForm search={filter.search} onSearch={(search) => refilter({ search })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-gray-800">
            {formatMessage({ id: 'payments.receipt.status' })}
          </label>
          <select
            id={statusId}
            value={filter.status}
            onChange={(event) => refilter({ status: event.target.value as TransactionFilter['status'] })}
            className={`${inputClass} w-48`}
          >
            <option value="">{formatMessage({ id: 'merchant.transactions.allStatuses' })}</option>
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
        empty={formatMessage({ id: 'spec.empty.transactions' })}
        caption={formatMessage({ id: 'merchant.transactions.caption' })}
        minWidthClass="min-w-[52rem]"
        columns={
          <>
            <th scope="col">{formatMessage({ id: 'complaints.transactions.date' })}</th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.orderId' })}</th>
            <th scope="col">{formatMessage({ id: 'merchant.gateway' })}</th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.paymentMode' })}</th>
            <th scope="col" className="text-right">
              {formatMessage({ id: 'payments.progress.amount' })}
            </th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.status' })}</th>
            <th scope="col">
              <span className="sr-only">{formatMessage({ id: 'merchant.transactions.details' })}</span>
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
