import { useParams } from 'react-router';
import { PhonepeStatus } from '../../features/payments/components/phonepe-status.tsx';

export function Component() {
  const { transactionId = '' } = useParams();
  return <PhonepeStatus transactionId={transactionId} />;
}
