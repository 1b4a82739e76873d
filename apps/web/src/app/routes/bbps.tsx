import { TestPaymentForm } from '../../features/payments/components/test-payment-form.tsx';

export function Component() {
  return (
    <section className="mx-auto max-w-md space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Test payment</h1>
      <p className="text-gray-700">
        Make a small payment through Razorpay's checkout to try the payment path end to end.
      </p>
      <TestPaymentForm />
    </section>
  );
}
