import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** Renders a complaint screen part with a fresh query client and router; answers a user-event session. */
export function renderScreen(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/complaint']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  // Uploads ignore the input's accept list, as a user picking "All files" can.
  return userEvent.setup({ applyAccept: false });
}
