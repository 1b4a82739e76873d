import { useIntl } from 'react-intl';
import { TestPaymentForm } from '../../features/payments/components/test-payment-form.tsx';

export function Component() {
  const { formatMessage } = useIntl();
  return (
    <section className="mx-auto max-w-md space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">
        {formatMessage({ id: 'payments.transactions.testPayment' })}
      </h1>
      <p className="text-gray-700">{formatMessage({ id: 'payments.testPayment.intro' })}</p>
      <TestPaymentForm />
    </section>
  );
}
