import { useSearchParams } from 'react-router';
import { PaymentSuccess } from '../../features/payments/components/payment-outcome.tsx';

export function Component() {
  const [search] = useSearchParams();
  return <PaymentSuccess orderId={search.get('orderId') ?? undefined} />;
}
