import { useSearchParams } from 'react-router';
import { PaymentFailure } from '../../features/payments/components/payment-outcome.tsx';

export function Component() {
  const [search] = useSearchParams();
  return <PaymentFailure orderId={search.get('orderId') ?? undefined} />;
}
