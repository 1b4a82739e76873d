import type { HeldOrder, MerchantTransaction } from '@erti/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useHeldOrders } from '../api/held-orders.ts';
import { merchantKeys } from '../api/keys.ts';
import { useRefunds } from '../api/list-refunds.ts';
import { useTransactions } from '../api/list-transactions.ts';
import { firstRefundPage, firstTransactionPage } from '../model/filters.ts';
import { AllOrdersPanel } from './all-orders-panel.tsx';
import { type DashboardTab, DashboardTabs } from './dashboard-tabs.tsx';
import { HeldOrdersPanel } from './held-orders-panel.tsx';
import { NotAllowed } from './not-allowed.tsx';
import { RefundsPanel } from './refunds-panel.tsx';
import { ResolveHeldOrderDialog } from './resolve-held-order-dialog.tsx';
import { buttonClass } from './search-form.tsx';
import { TransactionDialog } from './transaction-dialog.tsx';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/**
 * `/merchant`: every gateway's transactions and every refund, refunds by hand, and the charges held
 * for a person (Needs attention, decision 062). Logged-out
 * visitors go to the login page and come back; accounts without the merchant role are told so.
 */
export function MerchantDashboard() {
  const { formatMessage } = useIntl();
  const session = useSession();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<DashboardTab>('transactions');
  const [transactionFilter, setTransactionFilter] = useState(firstTransactionPage);
  const [refundFilter, setRefundFilter] = useState(firstRefundPage);
  const [viewing, setViewing] = useState<MerchantTransaction>();
  const [resolving, setResolving] = useState<HeldOrder>();
  // A visitor is sent to the login page without asking the api first (a 401 in the console).
  const transactions = useTransactions(transactionFilter, Boolean(session));
  const refunds = useRefunds(refundFilter, Boolean(session) && tab === 'refunds');
  const heldOrders = useHeldOrders(Boolean(session) && tab === 'needs-attention');

  const refused = [statusOf(transactions.error), statusOf(refunds.error), statusOf(heldOrders.error)];
  if (!session || refused.includes(401)) return <Navigate to={paths.loginFrom(paths.merchant)} replace />;
  if (refused.includes(403)) return <NotAllowed />;

  const active = { transactions, refunds, 'needs-attention': heldOrders }[tab];
  const refunded = (message: string) => {
    setViewing(undefined);
    toast.success(message);
    setRefundFilter(firstRefundPage);
    setTab('refunds');
  };
  const resolved = (message: string) => {
    setResolving(undefined);
    toast.success(message);
  };

  return (
    <section className="mx-auto max-w-7xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">{formatMessage({ id: 'merchant.title' })}</h1>
      <DashboardTabs
        active={tab}
        onChange={setTab}
        actions={
          <button
            type="button"
            className={buttonClass}
            disabled={active.isFetching}
            aria-busy={active.isFetching}
            onClick={() => queryClient.invalidateQueries({ queryKey: merchantKeys.all })}
          >
            {formatMessage({ id: active.isFetching ? 'merchant.refreshing' : 'merchant.refresh' })}
          </button>
        }
      >
        {tab === 'transactions' && (
          <AllOrdersPanel
            transactions={transactions}
            filter={transactionFilter}
            onFilter={setTransactionFilter}
            onView={setViewing}
          />
        )}
        {tab === 'refunds' && (
          <RefundsPanel refunds={refunds} filter={refundFilter} onFilter={setRefundFilter} />
        )}
        {tab === 'needs-attention' && <HeldOrdersPanel heldOrders={heldOrders} onResolve={setResolving} />}
      </DashboardTabs>
      {viewing && (
        <TransactionDialog
          transaction={viewing}
          onClose={() => setViewing(undefined)}
          onRefunded={refunded}
        />
      )}
      {resolving && (
        <ResolveHeldOrderDialog
          order={resolving}
          onCancel={() => setResolving(undefined)}
          onResolved={resolved}
        />
      )}
    </section>
  );
}
