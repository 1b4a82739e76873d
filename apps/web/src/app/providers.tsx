import { lazy, type ReactNode, Suspense } from 'react';
import { useToastRaised } from '../lib/toast.ts';

// The container's chunk loads with the first toast (lib/toast.ts), which it then shows.
const ToastHost = lazy(() => import('../components/toast-host.tsx'));

function Toasts() {
  return useToastRaised() ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/**
 * App-wide providers: toasts. The data cache's provider comes with each part that fetches
 * (`lib/with-data.tsx`), not here, so the home page's first JavaScript goes without it (decision 096).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toasts />
    </>
  );
}
