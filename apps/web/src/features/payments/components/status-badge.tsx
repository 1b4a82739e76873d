import type { OrderSummary } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { statusView, toneClasses } from '../model/order-status.ts';

/** An order's state in the user's words ('Paying biller', 'Refund in progress', 'Partly refunded', ...). */
export function StatusBadge({ order }: { order: Pick<OrderSummary, 'status' | 'money'> }) {
  const { formatMessage } = useIntl();
  const { label, tone } = statusView(order);
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${toneClasses[tone]}`}>
      {formatMessage({ id: label })}
    </span>
  );
}
