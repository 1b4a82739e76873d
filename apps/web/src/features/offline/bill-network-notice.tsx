import type { OutsideSystemState } from '@erti/contracts';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { onBillNetworkDoubted, readBillNetworkState } from '../../lib/bill-network-status.ts';
import { noticeClass } from './notice-style.ts';

/** How often an open page asks whether the bill network answers: a tiny answer from the api's memory. */
export const CHECK_EVERY_MS = 60_000;
/** While it is down, more often, so the note goes soon after the network is back. */
export const CHECK_WHILE_DOWN_MS = 10_000;

/**
 * The bill network's state as the api last said it, asked on opening, then every minute (every 10 s
 * while down) while the page is in sight, when it comes back in sight, and at once when a screen's
 * call to the network failed. No answer (offline: the offline notice speaks) keeps what was known.
 */
function useBillNetworkState(read: () => Promise<OutsideSystemState>): OutsideSystemState {
  const [state, setState] = useState<OutsideSystemState>('unknown');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function check() {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') return;
      const next = await read().catch(() => undefined);
      if (stopped) return;
      if (next) setState(next);
      // Two checks at once (a failed fetch's, the timer's) leave one timer, not two.
      clearTimeout(timer);
      timer = setTimeout(check, next === 'down' ? CHECK_WHILE_DOWN_MS : CHECK_EVERY_MS);
    }
    const checkWhenSeen = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', checkWhenSeen);
    const stopHearingDoubts = onBillNetworkDoubted(() => void check());
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', checkWhenSeen);
      stopHearingDoubts();
    };
  }, [read]);
  return state;
}

/**
 * One note for every customer while the bill network cannot be reached (decision 110): fetching and
 * paying bills may fail for a while, said before they try rather than only by a failed fetch. Nothing
 * is drawn while the network answers, so the common page neither waits for it nor moves.
 */
export function BillNetworkNotice({
  read = readBillNetworkState,
}: {
  read?: () => Promise<OutsideSystemState>;
}) {
  const state = useBillNetworkState(read);
  const { formatMessage } = useIntl();
  if (state !== 'down') return null;
  return (
    <div className={noticeClass}>
      <p>
        {formatMessage({ id: 'offline.billNetwork.text' }, { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
    </div>
  );
}
