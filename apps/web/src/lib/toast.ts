import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
// biome-ignore lint/style/noRestrictedImports: this is the one way in to react-toastify.
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts, with react-toastify's code (and the styles its container injects) loaded by the first
 * toast rather than by every page: most visits raise none, and on a slow phone those bytes and that
 * work would sit on the way to the first paint. The app mounts the container (components/
 * toast-host.tsx) once a toast is raised, and the toasts go out when it has mounted. (Not into
 * react-toastify's own queue for a missing container: React's development mode mounts a container
 * twice, and the queue would empty into the first one, thrown away.)
 */
type Kind = 'success' | 'error' | 'warn' | 'warning' | 'info';

let containerMounted = () => {};
const mounted = new Promise<void>((resolve) => {
  containerMounted = resolve;
});
let toastify: Promise<typeof import('react-toastify')> | undefined;
const raisedListeners = new Set<() => void>();

function show(kind: Kind) {
  return (content: ReactNode, options?: ToastOptions): void => {
    if (!toastify) {
      // biome-ignore lint/style/noRestrictedImports: this is the one way in to react-toastify.
      toastify = mounted.then(() => import('react-toastify'));
      for (const listener of raisedListeners) listener();
    }
    void toastify.then(({ toast }) => toast[kind](content, options));
  };
}

/**
 * Takes down every toast on screen, and any still on their way to it, so one raised next does not
 * sit beside stale ones that contradict it (a failed login's error beside its later success). Toasts
 * raised after it still show: its turn in the queue comes before theirs.
 */
function dismissAll(): void {
  // Nothing raised yet: nothing to take down, and no need to load react-toastify for it.
  if (!toastify) return;
  void toastify.then(({ toast }) => toast.dismiss());
}

export const toast = {
  success: show('success'),
  error: show('error'),
  warn: show('warn'),
  warning: show('warning'),
  info: show('info'),
  dismissAll,
};

/** The toast container is in the page: toasts raised so far, and all later ones, go to it. */
export function onToastContainerMounted(): void {
  containerMounted();
}

function onToastRaised(listener: () => void) {
  raisedListeners.add(listener);
  return () => raisedListeners.delete(listener);
}

/** Whether a toast has been raised yet: the app mounts the toast container from then on. */
export function useToastRaised(): boolean {
  return useSyncExternalStore(
    onToastRaised,
    () => toastify !== undefined,
    () => false,
  );
}
