import type { Plan } from '@erti/contracts';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Spinner } from '../../components/layout/spinner.tsx';
import { BillEntry } from '../../features/bills/components/bill-entry.tsx';
import { BillerUnavailable } from '../../features/bills/components/biller-unavailable.tsx';
import { useBillEntryBiller } from '../../features/bills/hooks/use-bill-entry-biller.ts';
import { usePendingBill } from '../../features/bills/hooks/use-pending-bill.ts';
import type { BillEntryState } from '../../features/bills/navigation.ts';
import { paths } from '../../lib/paths.ts';

// Only plan billers (DTH) have the plan picker, so the other billers' pages do not wait for its code.
const PlanBrowser = lazy(() =>
  import('../../features/recharge/components/plan-browser.tsx').then((module) => ({
    default: module.PlanBrowser,
  })),
);

/**
 * `/services/{category}/{billerCategoryName}/{billerName}`: the biller from navigation state, else
 * from the values kept across a login, else loaded by name so deep links work (the page is drawn
 * from the address meanwhile). Plan billers (DTH) get the plan picker.
 */
export function Component() {
  const { category = '', billerCategoryName = '', billerName = '' } = useParams();
  const state = useLocation().state as BillEntryState | null;
  const pending = usePendingBill(billerCategoryName, billerName);
  const billerQuery = useBillEntryBiller(billerCategoryName, billerName, {
    biller: state?.biller ?? pending?.biller,
    billerId: state?.billerId,
  });
  const [plan, setPlan] = useState<Plan | null>(null);
  if (billerQuery.isPending) {
    return <BillEntry billerCategoryName={billerCategoryName} billerName={billerName} />;
  }
  if (billerQuery.isError) {
    return (
      <BillerUnavailable
        error={billerQuery.error}
        servicePath={paths.service(category, billerCategoryName)}
        onRetry={() => void billerQuery.refetch()}
        retrying={billerQuery.isFetching}
      />
    );
  }
  const biller = billerQuery.data;
  const planPicker =
    biller.planMdmRequirement === 'MANDATORY' ? (
      <Suspense fallback={<Spinner label="Loading plans" />}>
        <PlanBrowser
          billerId={biller.billerId}
          variant="bill-entry"
          onSelect={setPlan}
          onClear={() => setPlan(null)}
        />
      </Suspense>
    ) : undefined;
  return <BillEntry biller={biller} plan={plan} planPicker={planPicker} />;
}
