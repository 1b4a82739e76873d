import { useIntl } from 'react-intl';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';

/** A quiet note under a field whose list did not load, with a way to try again. */
export function RetryNote({
  what,
  onRetry,
  retrying,
}: {
  what: 'circles' | 'plans' | 'locations' | 'operators' | 'institutes';
  onRetry(): void;
  retrying?: boolean;
}) {
  const { formatMessage } = useIntl();
  return (
    <LoadFailed look="note" onRetry={onRetry} retrying={retrying}>
      {formatMessage({ id: 'recharge.retry.text' }, { what })}
    </LoadFailed>
  );
}
