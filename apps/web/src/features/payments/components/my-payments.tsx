import type { OrderSummary } from '@erti/contracts';
import { DEFAULT_PAGE_SIZE } from '@erti/contracts/constants';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { Pagination } from '../../../components/layout/pagination.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { useFormat } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { savedReceiptsOf } from '../../../lib/saved-receipts.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useOrders } from '../api/list-orders.ts';
import { isUnauthorised } from '../model/payment-problem.ts';
import { LoginNeeded } from './login-needed.tsx';
import { StatusBadge } from './status-badge.tsx';

const customerDetails = (order: OrderSummary) =>
  order.customerParams
    .filter((param) => param.value.trim() !== '')
    .map((param) => `${param.name}: ${param.value}`)
    .join(', ');

/** Receipt for every payment; PhonePe payments also link to their status check. */
function OrderLinks({ order }: { order: OrderSummary }) {
  const { formatMessage } = useIntl();
  return (
    <div className="flex gap-4 md:flex-col md:gap-1">
      <Link to={paths.receipt(order.orderId)} className="font-semibold text-brand-700 underline">
        {formatMessage({ id: 'payments.transactions.receipt' })}
      </Link>
      {order.gateway === 'phonepe' && (
        <Link to={paths.phonepeStatus(order.merchantOrderId)} className="text-brand-700 underline">
          {formatMessage({ id: 'payments.transactions.statusLink' })}
        </Link>
      )}
    </div>
  );
}

/** The biller as sent, or our words for a test payment, which has none. */
function useBillerOf(): (order: OrderSummary) => string {
  const { formatMessage } = useIntl();
  return (order) => order.billerName ?? formatMessage({ id: 'payments.transactions.testPayment' });
}

function OrderRow({ order }: { order: OrderSummary }) {
  const format = useFormat();
  const billerOf = useBillerOf();
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap">{format.dateTime(order.createdAt)}</td>
      <td>{billerOf(order)}</td>
      <td className="wrap-anywhere">{customerDetails(order) || '—'}</td>
      <td className="whitespace-nowrap text-right font-medium">{format.paise(order.total)}</td>
      <td>
        <StatusBadge order={order} />
      </td>
      <td className="font-mono">{order.txnReferenceId ?? '—'}</td>
      <td>
        <OrderLinks order={order} />
      </td>
    </tr>
  );
}

/** Wide screens: one row per payment. */
function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  const { formatMessage } = useIntl();
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-3 [&_th]:px-3 [&_th]:py-2">
        <caption className="sr-only">{formatMessage({ id: 'payments.transactions.caption' })}</caption>
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th scope="col">{formatMessage({ id: 'payments.receipt.dateTime' })}</th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.biller' })}</th>
            <th scope="col">{formatMessage({ id: 'payments.transactions.customerDetails' })}</th>
            <th scope="col" className="text-right">
              {formatMessage({ id: 'payments.progress.amount' })}
            </th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.status' })}</th>
            <th scope="col">{formatMessage({ id: 'payments.receipt.txnId' })}</th>
            <th scope="col">
              <span className="sr-only">{formatMessage({ id: 'payments.transactions.links' })}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {orders.map((order) => (
            <OrderRow key={order.orderId} order={order} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per payment, nothing to scroll sideways. */
function OrderCards({ orders }: { orders: OrderSummary[] }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const billerOf = useBillerOf();
  return (
    <ul className="space-y-3 md:hidden">
      {orders.map((order) => (
        <li key={order.orderId} className="space-y-2 rounded-xl bg-white p-4 text-sm shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold text-gray-900">{billerOf(order)}</p>
            <p className="whitespace-nowrap font-semibold">{format.paise(order.total)}</p>
          </div>
          <p className="text-gray-600">{format.dateTime(order.createdAt)}</p>
          {customerDetails(order) && <p className="wrap-anywhere">{customerDetails(order)}</p>}
          <StatusBadge order={order} />
          {order.txnReferenceId && (
            <p>
              {formatMessage({ id: 'payments.receipt.txnId' })}:{' '}
              <span className="font-mono">{order.txnReferenceId}</span>
            </p>
          )}
          <OrderLinks order={order} />
        </li>
      ))}
    </ul>
  );
}

function NoPayments() {
  const { formatMessage } = useIntl();
  return (
    <div className="rounded-xl bg-white p-6 text-center shadow-sm">
      <p className="text-gray-800">{formatMessage({ id: 'payments.transactions.none' })}</p>
      <Link to={paths.services} className="mt-2 inline-block font-semibold text-brand-700 underline">
        {formatMessage({ id: 'payments.transactions.payFirst' })}
      </Link>
    </div>
  );
}

/**
 * Offline, the receipts this session opened before, which open without a network (decision 081). The
 * list of payments itself is never kept on the device.
 */
function SavedReceipts({ token }: { token: string }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const billerOf = useBillerOf();
  const [receipts, setReceipts] = useState<OrderSummary[]>();
  useEffect(() => {
    let shown = true;
    savedReceiptsOf(token).then(
      (saved) => shown && setReceipts(saved),
      () => shown && setReceipts([]),
    );
    return () => {
      shown = false;
    };
  }, [token]);
  if (!receipts) return null;
  return (
    <section aria-labelledby="saved-receipts-title" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="saved-receipts-title" className="font-semibold text-gray-900">
        {formatMessage({ id: 'payments.transactions.savedTitle' })}
      </h2>
      {receipts.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">
          {formatMessage({ id: 'payments.transactions.savedNone' })}
        </p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {receipts.map((order) => (
            <li key={order.orderId}>
              <Link to={paths.receipt(order.orderId)} className="font-semibold text-brand-700 underline">
                {formatMessage(
                  { id: 'payments.transactions.savedReceipt' },
                  {
                    biller: billerOf(order),
                    amount: format.paise(order.total),
                    date: format.dateTime(order.createdAt),
                  },
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/txn`, the customer's transaction history: their own payments, newest first, a page at a time;
 * offline, the saved receipts. (The merchant's list of every order is `AllOrdersPanel`.)
 */
export function MyPayments() {
  const { formatMessage } = useIntl();
  const session = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const orders = useOrders(page, pageSize, Boolean(session));
  const online = useOnline();

  if (!session || isUnauthorised(orders.error)) return <LoginNeeded from={paths.txn} />;
  return (
    <section className="mx-auto max-w-6xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">
        {formatMessage({ id: 'payments.transactions.title' })}
      </h1>
      {!online && <SavedReceipts token={session.Token} />}
      {orders.isPending && online && (
        <Spinner label={formatMessage({ id: 'payments.transactions.loading' })} />
      )}
      {orders.isError && (
        <LoadFailed onRetry={() => void orders.refetch()} retrying={orders.isFetching}>
          {formatMessage({ id: 'payments.transactions.loadFailed' })}
        </LoadFailed>
      )}
      {orders.data && orders.data.total === 0 && <NoPayments />}
      {orders.data && orders.data.total > 0 && (
        <>
          <OrdersTable orders={orders.data.orders} />
          <OrderCards orders={orders.data.orders} />
          <Pagination
            page={page}
            pageSize={pageSize}
            total={orders.data.total}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
    </section>
  );
}
