import { useState } from 'react';
import { noticeButton, noticeClass } from './notice-style.ts';

/**
 * "Update available": a new version of the site is installed and waiting. It moves in only when the
 * customer presses the button (the page reloads then), never by itself under a half-filled form.
 */
export function UpdatePrompt({ onUpdate }: { onUpdate: () => Promise<void> }) {
  const [later, setLater] = useState(false);
  const [updating, setUpdating] = useState(false);
  if (later) return null;
  return (
    <div className={noticeClass}>
      <p>
        <strong>Update available.</strong> A new version of Erti Pay is ready. Finish what you are typing
        first: updating reloads the page.
      </p>
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
          {updating ? 'Updating…' : 'Update now'}
        </button>
        <button type="button" className={noticeButton} onClick={() => setLater(true)}>
          Later
        </button>
      </div>
    </div>
  );
}
