import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BusyButton } from '../form/busy-button.tsx';

interface LoadFailedProps {
  /** What did not come, in the screen's words. */
  children: ReactNode;
  /** Asks again: a query's `refetch`. */
  onRetry(): void;
  /** True while the new attempt runs (a query's `isFetching`): the button is busy meanwhile. */
  retrying?: boolean;
  /** `note`: a quiet line under a field; `box` (the default): a red box where a screen's content goes. */
  look?: 'box' | 'note';
}

const looks = {
  box: 'rounded-lg bg-red-50 p-4 text-red-900',
  note: 'mt-1 text-sm text-gray-700',
};

/**
 * A read from the api that failed (no network, a 5xx, a timeout): the screen says what is missing and
 * offers 'Try again', which asks again and shows itself busy at once, so a weak network is never a dead end.
 */
export function LoadFailed({ children, onRetry, retrying = false, look = 'box' }: LoadFailedProps) {
  const { formatMessage } = useIntl();
  return (
    <div role="alert" className={looks[look]}>
      {children}{' '}
      <BusyButton
        busy={retrying}
        onClick={onRetry}
        className="inline-flex items-center gap-1 font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-70"
      >
        {formatMessage({ id: 'app.retry' })}
      </BusyButton>
    </div>
  );
}
