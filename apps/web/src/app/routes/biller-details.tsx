import { BillDetails } from '../../features/bills/components/bill-details.tsx';

export function Component() {
  return <BillDetails />;
}
