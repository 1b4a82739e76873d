import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ServiceScreen } from './service.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/services/:category/:subcategory', element: <ServiceScreen /> }],
    {
      initialEntries: [url],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/services/{category}/{subcategory}', () => {
  it('shows the biller selection of an ordinary service, with the strip of the others', async () => {
    renderAt('/services/utilities/Water');
    expect(await screen.findByRole('heading', { name: 'Pay your Water Bill' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search your biller here')).toBeTruthy();
    const strip = screen.getByRole('navigation', { name: 'Other services' });
    expect(strip.textContent).not.toContain('Water Bill');
  });

  it('reads more-services as more-service', async () => {
    renderAt('/services/more-services/Donation');
    expect(await screen.findByRole('heading', { name: 'Donation' })).toBeTruthy();
  });

  it('says so, with a way back, for a service we do not offer', () => {
    renderAt('/services/utilities/Teleportation');
    expect(screen.getByRole('heading', { name: 'Service not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all services' }).getAttribute('href')).toBe('/services');
  });
});
