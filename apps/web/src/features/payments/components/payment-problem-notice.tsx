import { paymentMessages } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { paths } from '../../../lib/paths.ts';
import type { PaymentProblem } from '../model/payment-problem.ts';

/** A payment that could not start: what happened, why, and the payment already made for this bill. */
export function PaymentProblemNotice({ problem }: { problem: PaymentProblem }) {
  const { formatMessage } = useIntl();
  const specText = useSpecText();
  const apiErrorText = useApiErrorText();
  const inProgress = problem.detail === paymentMessages.paymentInProgress;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{specText(problem.message)}</p>
      {problem.detail && <p className="mt-1">{apiErrorText(problem.cause, problem.detail)}</p>}
      {problem.existingOrderId && inProgress && (
        // What happens to the payment that holds this bill, so the user knows when to pay again.
        <p className="mt-1">{formatMessage({ id: 'payments.problem.inProgressHelp' })}</p>
      )}
      {problem.existingOrderId && (
        <Link
          to={paths.receipt(problem.existingOrderId)}
          className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-900"
        >
          {formatMessage({ id: 'payments.problem.viewPayment' })}
        </Link>
      )}
    </div>
  );
}
