import { useState } from 'react';
import { useIntl } from 'react-intl';
import { noticeButton, noticeClass } from './notice-style.ts';

/**
 * "Update available": a new version of the site is installed and waiting. It moves in only when the
 * customer presses the button (the page reloads then), never by itself under a half-filled form.
 */
export function UpdatePrompt({ onUpdate }: { onUpdate: () => Promise<void> }) {
  const [later, setLater] = useState(false);
  const [updating, setUpdating] = useState(false);
  const { formatMessage } = useIntl();
  if (later) return null;
  return (
    <div className={noticeClass}>
      <p>{formatMessage({ id: 'offline.update.text' }, { strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={noticeButton}
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            void onUpdate();
          }}
        >
          {formatMessage({ id: updating ? 'offline.update.updating' : 'offline.update.now' })}
        </button>
        <button type="button" className={noticeButton} onClick={() => setLater(true)}>
          {formatMessage({ id: 'offline.update.later' })}
        </button>
      </div>
    </div>
  );
}
