import { useIntl } from 'react-intl';

/**
 * A prerendered page's note that it is getting ready: its buttons and fields wait for the JavaScript
 * (decision 094). Drawn alike by the prerender and the first client render (no hydration mismatch),
 * hidden by CSS once `<html data-live>` is set; it floats over the page, so neither its coming nor its
 * going moves the layout, and it shows only after 400 ms, so a quick phone never sees it.
 */
export function NotReadyNote() {
  const { formatMessage } = useIntl();
  return (
    <p
      data-not-ready-note
      role="status"
      className="pointer-events-none fixed bottom-4 left-1/2 z-50 -translate-x-1/2 animate-[erti-note-in_0s_linear_400ms_both] rounded-full bg-gray-900 px-4 py-2 text-sm text-white shadow-lg"
    >
      {formatMessage({ id: 'app.notReady' })}
    </p>
  );
}
