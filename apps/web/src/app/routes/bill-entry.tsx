import type { Plan } from '@erti/contracts';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Spinner } from '../../components/layout/spinner.tsx';
import { BillEntry } from '../../features/bills/components/bill-entry.tsx';
import { BillerUnavailable } from '../../features/bills/components/biller-unavailable.tsx';
import { useBillEntryBiller } from '../../features/bills/hooks/use-bill-entry-biller.ts';
import type { BillEntryState } from '../../features/bills/navigation.ts';
import { pendingBillFor } from '../../features/bills/pending-bill.ts';
import { PlanBrowser } from '../../features/recharge/components/plan-browser.tsx';
import { paths } from '../../lib/paths.ts';

/**
 * `/services/{category}/{billerCategoryName}/{billerName}`: the biller from navigation state, else
 * from the values kept across a login, else loaded by name so deep links work. Plan billers (DTH)
 * get the plan picker.
 */
export function Component() {
  const { category = '', billerCategoryName = '', billerName = '' } = useParams();
  const state = useLocation().state as BillEntryState | null;
  const [pending] = useState(() => pendingBillFor(billerCategoryName, billerName));
  const billerQuery = useBillEntryBiller(billerCategoryName, billerName, {
    biller: state?.biller ?? pending?.biller,
    billerId: state?.billerId,
  });
  const [plan, setPlan] = useState<Plan | null>(null);
  if (billerQuery.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner label="Loading biller" />
      </div>
    );
  }
  if (billerQuery.isError) {
    return (
      <BillerUnavailable
        error={billerQuery.error}
        servicePath={paths.service(category, billerCategoryName)}
      />
    );
  }
  const biller = billerQuery.data;
  const planPicker =
    biller.planMdmRequirement === 'MANDATORY' ? (
      <PlanBrowser
        billerId={biller.billerId}
        variant="bill-entry"
        onSelect={setPlan}
        onClear={() => setPlan(null)}
      />
    ) : undefined;
  return <BillEntry key={biller.billerId} biller={biller} plan={plan} planPicker={planPicker} />;
}
