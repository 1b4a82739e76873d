import { TransactionsList } from '../../features/payments/components/transactions-list.tsx';

export function Component() {
  return <TransactionsList />;
}
