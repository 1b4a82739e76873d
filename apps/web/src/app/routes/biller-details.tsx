import { useLocation } from 'react-router';
import { BillDetails } from '../../features/bills/components/bill-details.tsx';
import { isBillDetailsState } from '../../features/bills/navigation.ts';
import { AddToMyBills } from '../../features/my-bills/components/add-to-my-bills.tsx';
import { AutopayWillPayNotice } from '../../features/my-bills/components/autopay-will-pay-notice.tsx';
import { OpenMyBill } from './open-my-bill.tsx';

/** The bill confirmation, with Add to My Bills; `?myBill={id}` fetches that entry's bill first. */
export function Component() {
  const { state, search } = useLocation();
  const myBillId = new URLSearchParams(search).get('myBill');
  if (myBillId && !isBillDetailsState(state)) return <OpenMyBill id={myBillId} />;
  return (
    <BillDetails
      renderActions={(bill) => (
        <AddToMyBills
          billerId={bill.biller.billerId}
          customerParams={bill.billReq.billDetails.customerParams}
          suggestedNickname={bill.biller.billerName}
        />
      )}
      renderNotice={(bill) => (
        <AutopayWillPayNotice
          billerId={bill.biller.billerId}
          billNumber={bill.response.response.billerResponse?.billNumber}
        />
      )}
    />
  );
}
