import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 60_000, refetchOnWindowFocus: false } },
});

// Toasts load in their own chunk once the page has loaded, so neither the first JavaScript nor the
// first paint waits for them; toasts raised before the container mounts are queued by
// react-toastify and shown once it does.
const ToastHost = lazy(() => import('./toast-host.tsx'));

/** Whether the window's load event has fired. */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
}

/** App-wide providers: data cache and toasts. */
export function Providers({ children }: { children: ReactNode }) {
  const pageLoaded = usePageLoaded();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {pageLoaded && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
