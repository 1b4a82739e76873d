import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import type { PaymentProblem } from '../model/payment-problem.ts';

/** A payment that could not start: what happened, why, and the payment already made for this bill. */
export function PaymentProblemNotice({ problem }: { problem: PaymentProblem }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{problem.message}</p>
      {problem.detail && <p className="mt-1">{problem.detail}</p>}
      {problem.existingOrderId && (
        <Link
          to={paths.receipt(problem.existingOrderId)}
          className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-900"
        >
          View the existing payment
        </Link>
      )}
    </div>
  );
}
