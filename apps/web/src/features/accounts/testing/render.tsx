import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';

type Answer = { status?: number; body: unknown };
export type ApiCall = { method: string; path: string; body: unknown; authorization?: string };

/**
 * Answers the api calls of the accounts screens through `handler`; anything it leaves
 * unanswered fails loudly with a 599. Answers every call made, for assertions. A handler may
 * answer later (a promise), to hold a screen in its busy state.
 */
export function stubApi(handler: (call: ApiCall) => Answer | undefined | Promise<Answer | undefined>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call = {
        method: init?.method ?? 'GET',
        path: url.replace(/^\/api/, ''),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        authorization: headers.authorization,
      };
      calls.push(call);
      const answer = (await handler(call)) ?? {
        status: 599,
        body: { message: `Unexpected ${call.method} ${call.path}` },
      };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

/** A gate the test opens when it has looked at the busy screen: `await gate.opened`, then `gate.open()`. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

/** Renders a screen at `url` inside a router (with stand-ins for the pages it links to) and toasts. */
export function renderScreen(url: string, path: string, screen: ReactElement) {
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <p>Landed on another page</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
