import type { MerchantRefund, MerchantRefundsPage } from '@erti/contracts';
import { MERCHANT_REFUND_WINDOW_DAYS } from '@erti/contracts/constants';
import { messages } from '@erti/contracts/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate, formatDateTime, formatRupees } from '../../../lib/format.ts';
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
  const status = refundStatusView(refund.refundStatus);
  const age = refundAge(refund);
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap">{formatDateTime(refund.refundInitiatedAt)}</td>
      <td className="font-mono break-all">{refund.merchantOrderId}</td>
      <td className="font-mono break-all text-xs text-gray-600">{refund.refundId}</td>
      <td className="whitespace-nowrap text-right font-medium">{formatRupees(refund.refundAmount)}</td>
      <td>{refund.paymentMode ?? '—'}</td>
      <td>
        <StatusBadge label={status.label} tone={status.tone} />
      </td>
      <td className="whitespace-nowrap">
        <span className={age.late ? 'font-semibold text-red-700' : 'text-gray-800'}>{age.text}</span>
        <span className="block text-xs text-gray-600">by {formatDate(refund.deadline)}</span>
        {refund.late && <span className="block text-xs font-semibold text-red-700">Late</span>}
        {refund.compensationOwed > 0 && (
          <span className="block text-xs font-semibold text-red-700">
            Compensation owed {formatRupees(refund.compensationOwed)}
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
  return (
    <div className="space-y-4">
      <SearchForm search={filter.search} onSearch={(search) => onFilter({ ...filter, search, page: 1 })} />
      <PagedTable
        what="refunds"
        list={refunds}
        empty={messages.empty.refunds}
        caption={`Refunds, newest first. Merchants must refund within ${MERCHANT_REFUND_WINDOW_DAYS} days.`}
        minWidthClass="min-w-[64rem]"
        columns={
          <>
            <th scope="col">Initiated</th>
            <th scope="col">Order ID</th>
            <th scope="col">Refund ID</th>
            <th scope="col" className="text-right">
              Amount
            </th>
            <th scope="col">Payment mode</th>
            <th scope="col">Status</th>
            <th scope="col">RBI deadline</th>
            <th scope="col">Remark</th>
            <th scope="col">Requested by</th>
          </>
        }
        rows={refunds.data?.refunds.map((refund) => <RefundRow key={refund.refundId} refund={refund} />)}
        filter={filter}
        onFilter={onFilter}
      />
    </div>
  );
}
