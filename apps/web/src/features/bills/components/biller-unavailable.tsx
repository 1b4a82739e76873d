import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { BillerNotFoundError } from '../hooks/use-bill-entry-biller.ts';

interface BillerUnavailableProps {
  error: unknown;
  servicePath: string;
  /** Asks for the biller again: offered when it did not load, not when it is gone. */
  onRetry(): void;
  retrying: boolean;
}

/** A bill-entry page whose biller could not be found or loaded, with the way back to its service. */
export function BillerUnavailable({ error, servicePath, onRetry, retrying }: BillerUnavailableProps) {
  const { formatMessage } = useIntl();
  const notFound =
    error instanceof BillerNotFoundError || (error as { status?: number } | null)?.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-brand-700">
        {formatMessage({ id: notFound ? 'bills.unavailable.notFound' : 'bills.unavailable.loadFailed' })}
      </h1>
      {notFound ? (
        <p className="mt-3 text-gray-600">
          {formatMessage({ id: 'bills.unavailable.gone' })}{' '}
          {formatMessage({ id: 'bills.unavailable.chooseFromList' })}
        </p>
      ) : (
        <div className="mt-3">
          <LoadFailed onRetry={onRetry} retrying={retrying}>
            {formatMessage({ id: 'bills.unavailable.chooseFromList' })}
          </LoadFailed>
        </div>
      )}
      <Link to={servicePath} className="mt-6 inline-block font-semibold text-brand-700 underline">
        {formatMessage({ id: 'bills.unavailable.chooseBiller' })}
      </Link>
    </section>
  );
}
