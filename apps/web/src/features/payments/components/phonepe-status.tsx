import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { usePhonepeStatus } from '../api/get-phonepe-status.ts';
import { isNotFound, isUnauthorised } from '../model/payment-problem.ts';
import { LoginNeeded } from './login-needed.tsx';
import { PaymentStatusDialog } from './payment-status-dialog.tsx';
import { useChimeOnce } from './use-chime-once.ts';

/**
 * `/phonepe/status/:transactionId`: where PhonePe returns the user, and `/payment-status/:transactionId`
 * where PayU's pending payment goes; polls until the payment completes.
 */
export function PhonepeStatus({ transactionId }: { transactionId: string }) {
  const { formatMessage } = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const status = usePhonepeStatus(transactionId, Boolean(session));
  useChimeOnce(status.data?.status === 'COMPLETED');

  if (!session || (!status.data && isUnauthorised(status.error))) {
    return <LoginNeeded from={pathname} />;
  }
  if (!status.data && isNotFound(status.error)) return <PaymentNotFound />;
  if (!status.data) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-20 text-gray-700">
        <Spinner label={formatMessage({ id: 'payments.phonepe.checking' })} />
        <p aria-hidden="true">{formatMessage({ id: 'payments.phonepe.checkingShown' })}</p>
      </div>
    );
  }
  return <PaymentStatusDialog answer={status.data} onClose={() => navigate(paths.txn)} />;
}

/** An order id that is not the user's (or not an order): polling could never answer, so say so. */
function PaymentNotFound() {
  const { formatMessage } = useIntl();
  return (
    <p role="alert" className="mx-auto max-w-md px-4 py-16 text-center text-gray-800">
      {formatMessage({ id: 'payments.notFound' })}{' '}
      <Link to={paths.txn} className="font-semibold text-brand-700 underline">
        {formatMessage({ id: 'payments.phonepe.yourTransactions' })}
      </Link>
    </p>
  );
}
