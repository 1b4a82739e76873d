import { OfflineNotice } from './offline-notice.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * The notices at the foot of the window. Each sits in a live region that is always there, so a screen
 * reader announces it when it appears; neither takes the focus from what the customer is doing.
 */
export function ConnectionNotices({ onUpdate }: { onUpdate?: () => Promise<void> }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3 print:hidden">
      <div role="status" className="contents">
        <OfflineNotice />
      </div>
      <div role="status" className="contents">
        {onUpdate && <UpdatePrompt onUpdate={onUpdate} />}
      </div>
    </div>
  );
}
