import { paymentMessages } from '@erti/contracts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import type { PaymentProblem } from '../model/payment-problem.ts';

/** What happens to the payment that holds this bill, so the user knows when to pay again. */
export const IN_PROGRESS_HELP =
  'If you did not finish that payment, it will be closed automatically and you can pay this bill again then. If you did finish it, there is nothing more to do.';

/** A payment that could not start: what happened, why, and the payment already made for this bill. */
export function PaymentProblemNotice({ problem }: { problem: PaymentProblem }) {
  const inProgress = problem.detail === paymentMessages.paymentInProgress;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{problem.message}</p>
      {problem.detail && <p className="mt-1">{problem.detail}</p>}
      {problem.existingOrderId && inProgress && <p className="mt-1">{IN_PROGRESS_HELP}</p>}
      {problem.existingOrderId && (
        <Link
          to={paths.receipt(problem.existingOrderId)}
          className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-900"
        >
          View that payment
        </Link>
      )}
    </div>
  );
}
