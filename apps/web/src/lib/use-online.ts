import { useSyncExternalStore } from 'react';

function onConnectionChange(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network, re-rendering when it goes or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onConnectionChange,
    () => navigator.onLine,
    () => true,
  );
}
