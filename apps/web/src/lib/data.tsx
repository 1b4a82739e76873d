import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';

/**
 * The data layer (TanStack Query): its own chunk, loaded with the first screen or part that fetches
 * (`lib/with-data.tsx`), so the home page's first JavaScript goes without it (decision 096).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 60_000, refetchOnWindowFocus: false } },
});

/**
 * One cache for the whole site: every part that fetches is under a provider of this client, unless a
 * provider above already gives one (a test's own client).
 */
export function DataProvider({ children }: { children: ReactNode }) {
  if (useContext(QueryClientContext)) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
