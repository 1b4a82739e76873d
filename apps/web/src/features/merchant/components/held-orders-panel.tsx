import type { HeldOrder, HeldOrdersResponse } from '@erti/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime, formatPaise } from '../../../lib/format.ts';
import { gatewayName } from '../model/view.ts';
import { buttonClass } from './search-form.tsx';

const customerOf = ({ customer }: HeldOrder) =>
  [customer.name, customer.email, customer.phone].filter(Boolean).join(' · ') || '—';

function HeldOrderCard({ order, onResolve }: { order: HeldOrder; onResolve: (order: HeldOrder) => void }) {
  return (
    <li className="space-y-3 rounded-lg border border-red-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-gray-900">
          Order <span className="font-mono break-all">{order.merchantOrderId}</span>
        </h3>
        <button type="button" className={buttonClass} onClick={() => onResolve(order)}>
          Resolve<span className="sr-only"> order {order.merchantOrderId}</span>
        </button>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-gray-700">Customer: </dt>
          <dd className="inline text-gray-900">{customerOf(order)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-gray-700">Biller: </dt>
          <dd className="inline text-gray-900">{order.billerName ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-gray-700">Total: </dt>
          <dd className="inline text-gray-900">{formatPaise(order.totalPaise)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-gray-700">Gateway: </dt>
          <dd className="inline text-gray-900">{gatewayName(order.gateway)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-gray-700">Ordered: </dt>
          <dd className="inline text-gray-900">{formatDateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-gray-700">Held: </dt>
          <dd className="inline text-gray-900">{formatDateTime(order.heldAt)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline font-medium text-gray-700">Could not read: </dt>
          <dd className="inline text-gray-900">
            the {order.unreadable} in the answer to {order.gatewayCall}
          </dd>
        </div>
      </dl>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-800">
          The gateway's answer as it came
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
  const { data, isPending, isError } = props.heldOrders;
  if (isPending) return <p className="text-gray-700">Loading…</p>;
  if (isError) return <p role="alert">The held orders could not be loaded. Please refresh.</p>;
  if (data.orders.length === 0) return <p className="text-gray-700">Nothing needs attention.</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        The gateway's answer about these charges could not be read. Nothing was taken as paid or refunded;
        each waits for a person to check the gateway and resolve it.
      </p>
      <ul className="space-y-3">
        {data.orders.map((order) => (
          <HeldOrderCard key={order.orderId} order={order} onResolve={props.onResolve} />
        ))}
      </ul>
    </div>
  );
}
