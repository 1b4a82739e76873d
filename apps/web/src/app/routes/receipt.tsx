import { useParams } from 'react-router';
import { ReceiptView } from '../../features/payments/components/receipt-view.tsx';

export function Component() {
  const { orderId = '' } = useParams();
  return <ReceiptView orderId={orderId} />;
}
