import type { MerchantRefund, MerchantRefundsPage } from '@erti/contracts';
import { MERCHANT_REFUND_WINDOW_DAYS } from '@erti/contracts/constants';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useFormat } from '../../../lib/format.ts';
import type { RefundFilter } from '../model/filters.ts';
import { refundAge, refundStatusView } from '../model/view.ts';
import { PagedTable } from './paged-table.tsx';
import { SearchForm } from './search-form.tsx';
import { StatusBadge } from './status-badge.tsx';

interface RefundsPanelProps {
  refunds: UseQueryResult<MerchantRefundsPage>;
  filter: RefundFilter;
  onFilter: (filter: RefundFilter) => void;
}

function RefundRow({ refund }: { refund: MerchantRefund }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const status = refundStatusView(refund.refundStatus);
  const age = refundAge(refund);
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap">{format.dateTime(refund.refundInitiatedAt)}</td>
      <td className="font-mono break-all">{refund.merchantOrderId}</td>
      <td className="font-mono break-all text-xs text-gray-600">{refund.refundId}</td>
      <td className="whitespace-nowrap text-right font-medium">{format.rupees(refund.refundAmount)}</td>
      <td>{refund.paymentMode ?? '—'}</td>
      <td>
        <StatusBadge {...status} />
      </td>
      <td className="whitespace-nowrap">
        <span className={age.late ? 'font-semibold text-red-700' : 'text-gray-800'}>
          {formatMessage({ id: age.id }, age.values)}
        </span>
        <span className="block text-xs text-gray-600">
          {formatMessage({ id: 'merchant.refunds.by' }, { date: format.date(refund.deadline) })}
        </span>
        {refund.late && (
          <span className="block text-xs font-semibold text-red-700">
            {formatMessage({ id: 'merchant.refunds.late' })}
          </span>
        )}
        {refund.compensationOwed > 0 && (
          <span className="block text-xs font-semibold text-red-700">
            {formatMessage(
              { id: 'merchant.refunds.compensation' },
              { amount: format.rupees(refund.compensationOwed) },
            )}
          </span>
        )}
      </td>
      <td className="max-w-xs break-words">{refund.refundNote || '—'}</td>
      <td className="break-all">{refund.requestedBy}</td>
    </tr>
  );
}

/** The Refunds tab: search, the table of refunds with their RBI deadline, and pages. */
export function RefundsPanel({ refunds, filter, onFilter }: RefundsPanelProps) {
  const { formatMessage } = useIntl();
  return (
    <div className="space-y-4">
      <SearchForm search={filter.search} onSearch={(search) => onFilter({ ...filter, search, page: 1 })} />
      <PagedTable
        what="refunds"
        list={refunds}
        empty={formatMessage({ id: 'spec.empty.refunds' })}
        caption={formatMessage({ id: 'merchant.refunds.caption' }, { days: MERCHANT_REFUND_WINDOW_DAYS })}
        minWidthClass="min-w-[64rem]"
        columns={
          <>
            <th scope="col">{formatMessage({ id: 'merchant.refunds.initiated' })}</th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.orderId' })}</th>
            <th scope="col">{formatMessage({ id: 'merchant.refunds.refundId' })}</th>
            <th scope="col" className="text-right">
              {formatMessage({ id: 'payments.progress.amount' })}
            </th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.paymentMode' })}</th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.status' })}</th>
            <th scope="col">{formatMessage({ id: 'merchant.refunds.deadline' })}</th>
            <th scope="col">{formatMessage({ id: 'merchant.refunds.remark' })}</th>
            <th scope="col">{formatMessage({ id: 'merchant.refunds.requestedBy' })}</th>
          </>
        }
        rows={refunds.data?.refunds.map((refund) => <RefundRow key={refund.refundId} refund={refund} />)}
        filter={filter}
        onFilter={onFilter}
      />
    </div>
  );
}
