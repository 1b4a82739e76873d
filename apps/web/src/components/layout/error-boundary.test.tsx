import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('Chunk failed to load');
}

afterEach(() => vi.restoreAllMocks());

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
});
