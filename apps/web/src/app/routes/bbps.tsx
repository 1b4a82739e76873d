import { useIntl } from 'react-intl';
import { TestPaymentForm } from '../../features/payments/components/test-payment-form.tsx';
import { useSiteConfig } from '../../lib/site-config.ts';

/**
 * `/bbps`, the test payment page. The api offers it outside production only, unless an operator turns
 * it on (decision 103): where it does not, the page says so instead of a form that could not work.
 */
export function Component() {
  const { formatMessage } = useIntl();
  const offered = useSiteConfig().data?.testPayments !== false;
  return (
    <section className="mx-auto max-w-md space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">
        {formatMessage({ id: 'payments.transactions.testPayment' })}
      </h1>
      {offered ? (
        <>
          <p className="text-gray-700">{formatMessage({ id: 'payments.testPayment.intro' })}</p>
          <TestPaymentForm />
        </>
      ) : (
        <p role="status" className="rounded-xl bg-white p-6 text-gray-700 shadow-sm">
          {formatMessage({ id: 'payments.testPayment.unavailable' })}
        </p>
      )}
    </section>
  );
}
