import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 60_000, refetchOnWindowFocus: false } },
});

// Toasts load in their own chunk so the home page's first JavaScript stays small; toasts raised
// before the container mounts are queued by react-toastify and shown once it does.
const ToastHost = lazy(() => import('./toast-host.tsx'));

/** App-wide providers: data cache and toasts. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </QueryClientProvider>
  );
}
