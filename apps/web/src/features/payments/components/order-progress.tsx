import type { OrderDetail } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { useFormat } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { isMoving } from '../model/order-status.ts';
import { amountLabel, progressText } from '../model/outcome.ts';
import { StatusBadge } from './status-badge.tsx';

/** The order behind an outcome page: where the money is now, its B-Connect Txn ID and its receipt. */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const progress = progressText(order, format);
  return (
    <div className="space-y-3 rounded-xl bg-white p-5 text-left shadow-sm">
      <p aria-live="polite" className="flex items-start gap-2 text-gray-800">
        {isMoving(order.status) && <Spinner label={formatMessage({ id: 'payments.outcome.waiting' })} />}
        <span>{formatMessage(progress, progress.values)}</span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{formatMessage({ id: 'payments.receipt.status' })}</dt>
        <dd>
          <StatusBadge order={order} />
        </dd>
        {order.billerName && (
          <>
            <dt className="text-gray-600">{formatMessage({ id: 'payments.receipt.biller' })}</dt>
            <dd className="font-medium">{order.billerName}</dd>
          </>
        )}
        <dt className="text-gray-600">{formatMessage({ id: amountLabel(order) })}</dt>
        <dd className="font-medium">{format.paise(order.total)}</dd>
        {order.txnReferenceId && (
          <>
            <dt className="text-gray-600">{formatMessage({ id: 'payments.receipt.txnId' })}</dt>
            <dd className="font-mono font-semibold">{order.txnReferenceId}</dd>
          </>
        )}
      </dl>
      <Link to={paths.receipt(order.orderId)} className="inline-block font-semibold text-brand-700 underline">
        {formatMessage({ id: 'payments.outcome.viewReceipt' })}
      </Link>
    </div>
  );
}
