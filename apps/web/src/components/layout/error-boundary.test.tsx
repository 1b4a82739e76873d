import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, ScreenCodeNotLoaded } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('Chunk failed to load');
}

afterEach(() => vi.restoreAllMocks());

/** A screen whose code arrives once `codeArrived` is set. */
let codeArrived = false;
function AboutScreen() {
  if (!codeArrived)
    throw new ScreenCodeNotLoaded(new TypeError('Failed to fetch dynamically imported module'));
  return <p>About Us</p>;
}

describe('ErrorBoundary', () => {
  it('shows the error screen with the message, and clears it at the next address', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const view = render(
      <MemoryRouter>
        <ErrorBoundary resetKey="/receipt/ord_1">
          <Broken />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('Chunk failed to load')).toBeTruthy();

    view.rerender(
      <MemoryRouter>
        <ErrorBoundary resetKey="/">
          <p>Home</p>
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('Home')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it("says a screen's code did not load, and draws the screen when the network is back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <ErrorBoundary resetKey="/about">
          <AboutScreen />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('We could not load this page.');
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    codeArrived = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('About Us')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
