import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@erti/contracts/constants';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
// biome-ignore lint/style/noRestrictedImports: the container is the other half of lib/toast.ts.
import { type CloseButtonProps, ToastContainer, type ToastContainerProps } from 'react-toastify';
import { onToastContainerMounted } from '../lib/toast.ts';

/** react-toastify's close button (its classes and cross), named in the site's language. */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  const { formatMessage } = useIntl();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={formatMessage({ id: 'app.toast.close' })}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The toast container: top-right, 5000 ms, drag to dismiss at 80% (spec section 9). It injects
 * react-toastify's styles itself as it mounts, then lets the toasts raised so far through.
 */
export default function ToastHost(props: ToastContainerProps) {
  // The container's own subscription is its child's effect, so it is in place when this one runs.
  useEffect(onToastContainerMounted, []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggable
      draggablePercent={TOAST_DRAG_PERCENT * 100}
      closeButton={CloseButton}
      {...props}
    />
  );
}
