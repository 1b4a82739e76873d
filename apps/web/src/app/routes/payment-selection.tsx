import { useLocation } from 'react-router';
import { PaymentSelection } from '../../features/payments/components/payment-selection.tsx';

export function Component() {
  const location = useLocation();
  return <PaymentSelection navigationState={location.state} />;
}
