import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes, loadScreenAt } from './router.tsx';

const app = (url: string) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes />
    </MemoryRouter>
  </QueryClientProvider>
);

/** In an awaited act(): React retries a render that waited for a screen's code only within one. */
async function renderAt(url: string) {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(app(url));
  });
  return view as ReturnType<typeof render>;
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({}, { status: 503 }));
});

describe('AppRoutes', () => {
  it('shows the error screen with the 404 for an unknown path, inside the layout', async () => {
    await renderAt('/no/such/page');
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('hides the header where the route table says so, and the footer likewise', async () => {
    const view = await renderAt('/footer');
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    view.unmount();

    await renderAt('/nav');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('draws a screen whose code was fetched beforehand in the first render, without waiting', async () => {
    // A screen no other test opens, so nothing but loadScreenAt has fetched its code.
    await loadScreenAt('/privacy');
    render(app('/privacy'));
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
