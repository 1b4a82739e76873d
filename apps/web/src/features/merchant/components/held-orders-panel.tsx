import type { HeldOrder, HeldOrdersResponse } from '@erti/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { useFormat } from '../../../lib/format.ts';
import { gatewayName } from '../model/view.ts';
import { buttonClass } from './search-form.tsx';

const customerOf = ({ customer }: HeldOrder) =>
  [customer.name, customer.email, customer.phone].filter(Boolean).join(' · ') || '—';

/** One fact of a held order: its label's message id and the value. */
function Fact({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  const { formatMessage } = useIntl();
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="inline font-medium text-gray-700">{formatMessage({ id: label })} </dt>
      <dd className="inline text-gray-900">{value}</dd>
    </div>
  );
}

function HeldOrderCard({ order, onResolve }: { order: HeldOrder; onResolve: (order: HeldOrder) => void }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const orderId = <span className="font-mono break-all">{order.merchantOrderId}</span>;
  return (
    <li className="space-y-3 rounded-lg border border-red-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-gray-900">
          {formatMessage({ id: 'merchant.held.order' }, { order: orderId })}
        </h3>
        <button type="button" className={buttonClass} onClick={() => onResolve(order)}>
          {formatMessage({ id: 'merchant.resolve.submit' })}
          <span className="sr-only">
            {' '}
            {formatMessage({ id: 'merchant.held.orderSr' }, { order: order.merchantOrderId })}
          </span>
        </button>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Fact label="merchant.held.customer" value={customerOf(order)} />
        <Fact label="merchant.held.biller" value={order.billerName ?? '—'} />
        <Fact label="merchant.held.total" value={format.paise(order.totalPaise)} />
        <Fact label="merchant.held.gateway" value={gatewayName(order.gateway)} />
        <Fact label="merchant.held.ordered" value={format.dateTime(order.createdAt)} />
        <Fact label="merchant.held.held" value={format.dateTime(order.heldAt)} />
        <Fact
          label="merchant.held.unreadable"
          value={formatMessage(
            { id: 'merchant.held.unreadableWhat' },
            { field: order.unreadable, call: order.gatewayCall },
          )}
          wide
        />
      </dl>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-800">
          {formatMessage({ id: 'merchant.held.answer' })}
        </summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-gray-50 p-3 text-xs text-gray-900">
          {order.answer}
        </pre>
      </details>
    </li>
  );
}

/**
 * The Needs attention tab: orders whose gateway answer could not be read (decision 062), held until
 * a person checks the gateway and resolves each.
 */
export function HeldOrdersPanel(props: {
  heldOrders: UseQueryResult<HeldOrdersResponse>;
  onResolve: (order: HeldOrder) => void;
}) {
  const { formatMessage } = useIntl();
  const { data, isPending, isError, isFetching, refetch } = props.heldOrders;
  if (isPending) return <Spinner label={formatMessage({ id: 'merchant.held.loading' })} />;
  if (isError) {
    return (
      <LoadFailed onRetry={() => void refetch()} retrying={isFetching}>
        {formatMessage({ id: 'merchant.held.loadFailed' })}
      </LoadFailed>
    );
  }
  if (data.orders.length === 0)
    return <p className="text-gray-700">{formatMessage({ id: 'merchant.held.none' })}</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">{formatMessage({ id: 'merchant.held.intro' })}</p>
      <ul className="space-y-3">
        {data.orders.map((order) => (
          <HeldOrderCard key={order.orderId} order={order} onResolve={props.onResolve} />
        ))}
      </ul>
    </div>
  );
}
