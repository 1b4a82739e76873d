import type { OrderDetail } from '@erti/contracts';
import { Link } from 'react-router';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { formatPaise } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { isMoving } from '../model/order-status.ts';
import { amountLabel, progressText } from '../model/outcome.ts';
import { StatusBadge } from './status-badge.tsx';

/** The order behind an outcome page: where the money is now, its B-Connect Txn ID and its receipt. */
export function OrderProgress({ order }: { order: OrderDetail }) {
  return (
    <div className="space-y-3 rounded-xl bg-white p-5 text-left shadow-sm">
      <p aria-live="polite" className="flex items-start gap-2 text-gray-800">
        {isMoving(order.status) && <Spinner label="Waiting for confirmation" />}
        <span>{progressText(order)}</span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">Status</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
        {order.billerName && (
          <>
            <dt className="text-gray-600">Biller</dt>
            <dd className="font-medium">{order.billerName}</dd>
          </>
        )}
        <dt className="text-gray-600">{amountLabel(order)}</dt>
        <dd className="font-medium">{formatPaise(order.total)}</dd>
        {order.txnReferenceId && (
          <>
            <dt className="text-gray-600">B-Connect Txn ID</dt>
            <dd className="font-mono font-semibold">{order.txnReferenceId}</dd>
          </>
        )}
      </dl>
      <Link to={paths.receipt(order.orderId)} className="inline-block font-semibold text-brand-700 underline">
        View receipt
      </Link>
    </div>
  );
}
