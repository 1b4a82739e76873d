import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';
import { saveSession } from '../../../lib/session.ts';

export const SITE_CONFIG = { logoBaseUrl: 'https://logos.test/logos' };

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
type Handler = (method: string, path: string, body: unknown) => Answer | undefined;

/** Answers the api calls the screens make; anything unexpected fails loudly with a 599. */
export function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = path === '/site-config' ? { body: SITE_CONFIG } : handler(method, path, body);
    if (!answer)
      return new Response(JSON.stringify({ message: `Unexpected ${method} ${path}` }), { status: 599 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: answer.headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The api calls made so far, as "METHOD /path". */
export const callsOf = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);

export function signIn() {
  saveSession(
    { message: 'User Login success', Token: 'token-1', UserId: 'usr_1' },
    { userName: 'Asha', name: 'Asha', email: 'asha@example.com', phone: '9876543210', _id: 'usr_1' },
  );
}

/** Renders `element` at `url` inside a memory router, with the data cache and toasts of the app. */
export function renderScreen(element: ReactElement, options: { path: string; url: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: options.path, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: options.url, state: options.state }] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}
