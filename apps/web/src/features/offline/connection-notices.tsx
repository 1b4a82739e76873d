import { type RefObject, useEffect, useRef } from 'react';
import { BillNetworkNotice } from './bill-network-notice.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * Room at the foot of the page for the notices, as tall as they are: the end of the page can scroll
 * above them, and a control that takes the focus or is scrolled to is never left hidden behind them.
 */
function useRoomBelow(notices: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = notices.current;
    if (!element) return;
    const makeRoom = () => {
      const height = `${element.offsetHeight}px`;
      document.body.style.paddingBottom = height;
      document.documentElement.style.scrollPaddingBottom = height;
    };
    const observer = new ResizeObserver(makeRoom);
    observer.observe(element);
    return () => observer.disconnect();
  }, [notices]);
}

/**
 * The notices at the foot of the window: offline, the bill network down, an update. Each sits in a live
 * region that is always there, so a screen reader announces it when it appears; none takes the focus
 * from what the customer is doing.
 */
export function ConnectionNotices({ onUpdate }: { onUpdate?: () => Promise<void> }) {
  const notices = useRef<HTMLDivElement>(null);
  useRoomBelow(notices);
  return (
    <div
      ref={notices}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center px-3 print:hidden"
    >
      <div role="status" className="w-full max-w-xl">
        <OfflineNotice />
      </div>
      <div role="status" className="w-full max-w-xl">
        <BillNetworkNotice />
      </div>
      <div role="status" className="w-full max-w-xl">
        {onUpdate && <UpdatePrompt onUpdate={onUpdate} />}
      </div>
    </div>
  );
}
