import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOnline } from '../../lib/use-online.ts';
import { noticeButton, noticeClass } from './notice-style.ts';

/** Whether the api answers: the browser's own online flag can lag behind a phone's real connection. */
export const serverAnswers = () =>
  fetch('/api/health/live', { cache: 'no-store' }).then(
    (answer) => answer.ok,
    () => false,
  );

type Retry = 'not-tried' | 'checking' | 'still-offline' | 'back';

function Offline({ reachServer }: { reachServer: () => Promise<boolean> }) {
  const [retry, setRetry] = useState<Retry>('not-tried');
  const { formatMessage } = useIntl();
  if (retry === 'back') return null;

  async function tryAgain() {
    setRetry('checking');
    if (!(await reachServer())) return setRetry('still-offline');
    // The browser may not have noticed yet: tell the page the network is back, as the browser would, so
    // screens waiting for the api carry on (TanStack Query resumes what it paused on 'offline').
    window.dispatchEvent(new Event('online'));
    setRetry('back');
  }

  return (
    <div className={noticeClass}>
      <p>
        {formatMessage({ id: 'offline.offline.text' }, { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {retry === 'still-offline' && (
        <p className="mt-2">{formatMessage({ id: 'offline.offline.stillOffline' })}</p>
      )}
      <button
        type="button"
        className={`${noticeButton} mt-2`}
        disabled={retry === 'checking'}
        onClick={() => void tryAgain()}
      >
        {formatMessage({
          id: retry === 'checking' ? 'offline.offline.checking' : 'offline.offline.tryAgain',
        })}
      </button>
    </div>
  );
}

/** Shown while the browser has no network: what still works, what waits, and a way to try again. */
export function OfflineNotice({ reachServer = serverAnswers }: { reachServer?: () => Promise<boolean> }) {
  // Each time the network goes, a new notice: the last outage's "Still no connection" is not carried over.
  return useOnline() ? null : <Offline reachServer={reachServer} />;
}
