import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@erti/contracts/constants';
import { useEffect } from 'react';
// biome-ignore lint/style/noRestrictedImports: the container is the other half of lib/toast.ts.
import { ToastContainer, type ToastContainerProps } from 'react-toastify';
import { onToastContainerMounted } from '../lib/toast.ts';

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
      {...props}
    />
  );
}
