import { MyBillsPage } from '../../features/my-bills/components/my-bills-page.tsx';

export function Component() {
  return <MyBillsPage />;
}
