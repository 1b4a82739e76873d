import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { NetworkMark } from '../../../components/network-mark.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useOrder } from '../api/get-order.ts';
import { continueShopping } from '../model/app-link.ts';
import { failureLine, type Outcome, outcomeOf, outcomeTitle } from '../model/outcome.ts';
import { OrderProgress } from './order-progress.tsx';
import { StatusIcon } from './status-icon.tsx';

const primaryButton =
  'rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

interface PaymentOutcomeProps {
  /** `?orderId=`: the order is shown (signed-in users) and followed until it settles. */
  orderId: string | undefined;
  /** What the gateway's redirect says, until the order tells better. */
  assumed: Outcome;
}

/** The way on follows the outcome, not the address: a failed payment offers 'Try Again', never shopping on. */
function NextStep({ outcome }: { outcome: Outcome }) {
  const { formatMessage } = useIntl();
  const navigate = useNavigate();
  if (outcome === 'failure')
    return (
      <button type="button" className={primaryButton} onClick={() => navigate(paths.home)}>
        {formatMessage({ id: 'payments.outcome.tryAgain' })}
      </button>
    );
  return (
    <button
      type="button"
      className={primaryButton}
      onClick={() => continueShopping(() => navigate(paths.home))}
    >
      {formatMessage({ id: 'payments.outcome.continueShopping' })}
    </button>
  );
}

function PaymentOutcome({ orderId, assumed }: PaymentOutcomeProps) {
  const { formatMessage } = useIntl();
  const session = useSession();
  const order = useOrder(orderId, Boolean(session));
  const outcome = order.data ? outcomeOf(order.data) : assumed;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-5 px-4 py-12 text-center">
      <NetworkMark mark="bharat-connect" className="self-end" />
      <StatusIcon tone={outcome} />
      <h1 className="text-2xl font-bold text-gray-900">{formatMessage({ id: outcomeTitle[outcome] })}</h1>
      {outcome === 'success' && <NetworkMark mark="b-assured" />}
      {outcome === 'failure' && (
        <p className="text-gray-700">{formatMessage({ id: failureLine(order.data) })}</p>
      )}
      {order.isLoading && <Spinner label={formatMessage({ id: 'payments.outcome.loading' })} />}
      {/* The status is asked again every 5 s meanwhile; the button need not wait for that. */}
      {order.isError && !order.data && (
        <LoadFailed onRetry={() => void order.refetch()} retrying={order.isFetching}>
          {formatMessage({ id: 'payments.outcome.loadFailed' })}
        </LoadFailed>
      )}
      {order.data && <OrderProgress order={order.data} />}
      <NextStep outcome={outcome} />
    </section>
  );
}

/** `/payment-success`: 'Payment Successful' and 'Continue Shopping' (the app first on a phone). */
export function PaymentSuccess({ orderId }: { orderId?: string }) {
  return <PaymentOutcome orderId={orderId} assumed="success" />;
}

/** `/payment-failure`: 'Payment Failed', the refund promise and 'Try Again' to the home page. */
export function PaymentFailure({ orderId }: { orderId?: string }) {
  return <PaymentOutcome orderId={orderId} assumed="failure" />;
}
