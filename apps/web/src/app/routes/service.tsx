import { EDUCATION_FEES, MOBILE_PREPAID } from '@erti/contracts/constants';
import { useParams } from 'react-router';
import { BillerSelection } from '../../features/bills/components/biller-selection.tsx';
import { AddToMyBills } from '../../features/my-bills/components/add-to-my-bills.tsx';
import { EducationFeesForm } from '../../features/recharge/components/education-fees-form.tsx';
import { MobileRechargeForm } from '../../features/recharge/components/mobile-recharge-form.tsx';
import { findService, type ServiceEntry } from '../../features/services/catalogue-search.ts';
import { ServiceNotFound } from '../../features/services/components/service-not-found.tsx';
import { ServiceStrip } from '../../features/services/components/service-strip.tsx';

/** `/services/{category}/{subcategory}`: the recharge or education screens, else the biller selection. */
export function Component() {
  const { category = '', subcategory = '' } = useParams();
  const entry = findService(category, subcategory);
  if (!entry) return <ServiceNotFound title={subcategory} />;
  return (
    <>
      <ServiceStrip currentTitle={entry.service.title} />
      <ServiceScreen key={entry.service.title} entry={entry} />
    </>
  );
}

function ServiceScreen({ entry }: { entry: ServiceEntry }) {
  switch (entry.service.title) {
    case MOBILE_PREPAID:
      return <MobileRechargeForm />;
    case EDUCATION_FEES:
      return <EducationFeesForm />;
    default:
      return (
        <BillerSelection
          service={entry.service}
          categorySlug={entry.categorySlug}
          savedBillActions={(bill) => (
            <AddToMyBills
              billerId={bill.billerId}
              customerParams={bill.BillRequest.billDetails.customerParams}
              suggestedNickname={bill.billerName}
            />
          )}
        />
      );
  }
}
