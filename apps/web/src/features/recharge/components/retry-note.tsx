import { useIntl } from 'react-intl';

/** A quiet note under a field whose list did not load, with a way to try again. */
export function RetryNote({
  what,
  onRetry,
}: {
  what: 'circles' | 'plans' | 'locations' | 'institutes';
  onRetry(): void;
}) {
  const { formatMessage } = useIntl();
  return (
    <p className="mt-1 text-sm text-gray-700">
      {formatMessage({ id: 'recharge.retry.text' }, { what })}{' '}
      <button
        type="button"
        onClick={onRetry}
        className="font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {formatMessage({ id: 'payments.tryAgain' })}
      </button>
    </p>
  );
}
