import { type ReactNode, useEffect, useEffectEvent } from 'react';
import { useIntl } from 'react-intl';
import { useOnline } from '../../lib/use-online.ts';
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
 * Asks again by itself when the network comes back: the browser's `online`, or the offline notice's
 * 'Try again' having reached the server (it fires the same event). One press there, or none, brings
 * back every read of the page that failed.
 */
function useRetryWhenOnline(onRetry: () => void, retrying: boolean) {
  const retry = useEffectEvent(() => {
    if (!retrying) onRetry();
  });
  useEffect(() => {
    const online = () => retry();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
}

/**
 * A read from the api that failed (no network, a 5xx, a timeout): the screen says what is missing and
 * offers 'Try again', which asks again and shows itself busy at once, so a weak network is never a dead end.
 *
 * Without a network, every read of a page fails at once: each still says what is missing where it goes,
 * but the one 'Try again' is the offline notice's (decision 095), not one button per read.
 */
export function LoadFailed({ children, onRetry, retrying = false, look = 'box' }: LoadFailedProps) {
  const { formatMessage } = useIntl();
  const online = useOnline();
  useRetryWhenOnline(onRetry, retrying);
  return (
    <div role="alert" className={looks[look]}>
      {children}
      {online && (
        <>
          {' '}
          <BusyButton
            busy={retrying}
            onClick={onRetry}
            className="inline-flex items-center gap-1 font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-70"
          >
            {formatMessage({ id: 'app.retry' })}
          </BusyButton>
        </>
      )}
    </div>
  );
}
