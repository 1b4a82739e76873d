import { MyPayments } from '../../features/payments/components/my-payments.tsx';

export function Component() {
  return <MyPayments />;
}
