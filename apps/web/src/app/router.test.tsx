import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes, loadScreenAt } from './router.tsx';

/** A Back button outside the layout, to make a POP navigation. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Go back
    </button>
  );
}

const app = (url: string) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={[url]}>
      <BackButton />
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

  it('opens a new screen at the top of the window and focuses its content without scrolling', async () => {
    await loadScreenAt('/privacy');
    await loadScreenAt('/terms');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    try {
      await renderAt('/privacy');
      expect(scrollTo).not.toHaveBeenCalled();

      await act(async () => {
        fireEvent.click(screen.getByRole('link', { name: 'Terms & Conditions' }));
      });
      expect(scrollTo).toHaveBeenCalledWith(0, 0);
      const main = document.getElementById('main');
      expect(focus.mock.contexts).toContain(main);
      expect(focus).toHaveBeenCalledWith({ preventScroll: true });

      // Back and forward leave the scroll to the browser's own restoration.
      scrollTo.mockClear();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
      });
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      focus.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
