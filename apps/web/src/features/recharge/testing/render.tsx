import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';

/** Where the screen navigated to, and with which state. */
export interface Arrival {
  pathname: string;
  search: string;
  state: unknown;
}

function Landing({ onArrive }: { onArrive(arrival: Arrival): void }) {
  const location = useLocation();
  onArrive({ pathname: location.pathname, search: location.search, state: location.state });
  return <p>Arrived at {location.pathname}</p>;
}

/**
 * Renders a screen at `url` inside a data router, a fresh query cache and a toast container; other
 * paths record arrivals.
 */
export function renderScreen(screen: ReactNode, url = '/services/recharge/Mobile%20Prepaid') {
  const arrivals: Arrival[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: decodeURI(new URL(url, 'http://site').pathname), element: screen },
      { path: '*', element: <Landing onArrive={(arrival) => arrivals.push(arrival)} /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...view, arrivals, router };
}

type Handler = (body: Record<string, unknown>) => unknown;

/**
 * Stands in for the api: routes keyed 'METHOD /path' answer JSON (a thrown `{ status, message }` answers an
 * error). Returns the fetch mock so tests can read the requests.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${decodeURIComponent(url.replace(/^\/api/, ''))}`;
    const handler = routes[key];
    if (!handler) return new Response(JSON.stringify({ message: `No route ${key}` }), { status: 404 });
    try {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      return new Response(JSON.stringify(await handler(body)), { status: 200 });
    } catch (error) {
      const { status = 500, message = 'failed' } = error as { status?: number; message?: string };
      return new Response(JSON.stringify({ message }), { status });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one 'METHOD /path'. */
export function bodiesSentTo(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(
      ([url, init]) => `${init?.method ?? 'GET'} ${decodeURIComponent(url.replace(/^\/api/, ''))}` === key,
    )
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
