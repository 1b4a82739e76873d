import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';
import { saveSession } from '../../../lib/session.ts';

/** Shows where the app went, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders `screen` at `path` inside a router, a fresh query cache and the toast container. */
export function renderScreen(screen: ReactElement, options: { path?: string; state?: unknown } = {}) {
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element: screen },
      { path: '*', element: <LocationProbe /> },
    ],
    {
      initialEntries: [
        { pathname: path.split('?')[0], search: path.split('?')[1] ?? '', state: options.state },
      ],
    },
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

export function signIn(): void {
  saveSession(
    { message: 'User Login success', Token: 'tok_test', UserId: 'usr_1' },
    { userName: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', _id: 'usr_1' },
  );
}

/**
 * A minimal Response: happy-dom's own reads bodies through timers, which fake clocks would stall.
 * A Blob body is answered as is (a PDF), anything else as JSON.
 */
function plainResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
    json: async () => JSON.parse(text),
    blob: async () => (body instanceof Blob ? body : new Blob([text])),
  } as Response;
}

type Handler = (
  body: unknown,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Answers the api's calls from `handlers` keyed 'METHOD /path' (query string ignored) and records
 * each call. An unexpected call fails loudly.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { key: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const key = `${method} ${url.split('?')[0]}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    const answer = await handler(body);
    return plainResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}
