import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as Home } from './home.tsx';

const siteConfig = {
  logoBaseUrl: '/logos',
  supportEmail: 'support@ertipay.in',
  whatsappNumber: '+91 90030 12345',
  callNumber: '+91 44 4567 8900',
  supportHours: 'Monday-Friday 10am-6pm',
  registeredAddress: 'Chennai',
  headquartersAddress: 'Salem',
  companyRegistrationNumber: 'CIN U66190TN2023PTC158921',
  taxRegistrationNumber: 'GSTIN 33AAHCE4521K1Z7',
  socialLinks: [],
  promotions: {
    festivalBanner: { from: '2025-08-26T17:30:00+05:30', to: '2025-08-28T17:00:00+05:30' },
    promoVideo: { from: '2025-03-13T00:00:00+05:30', to: '2025-03-15T14:00:00+05:30' },
    festivalImage: { from: '2025-01-13T00:00:00+05:30', to: '2025-01-16T14:00:00+05:30' },
  },
};

function renderHomeAt(instant: string) {
  vi.setSystemTime(new Date(instant));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Home />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(siteConfig));
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('home promotions, by the clock', () => {
  it('shows the normal banner, no festival image and no video outside every window', async () => {
    renderHomeAt('2025-06-01T10:00:00+05:30');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await screen.findByRole('link', { name: /^Recharge any mobile in seconds/ });
    expect(document.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(4);
    expect(screen.queryByText('Happy Pongal and Makar Sankranti')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('replaces the banner with the festival banner in its window', async () => {
    renderHomeAt('2025-08-27T09:00:00+05:30');
    expect(await screen.findByRole('link', { name: /^Happy Ganesh Chaturthi/ })).toBeTruthy();
    expect(document.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(1);
  });

  it('shows the festival image in its window', async () => {
    renderHomeAt('2025-01-14T09:00:00+05:30');
    expect(await screen.findByText('Happy Pongal and Makar Sankranti')).toBeTruthy();
  });

  it('opens the promo video in its window; the close button and an overlay click close it', async () => {
    renderHomeAt('2025-03-14T09:00:00+05:30');
    const dialog = await screen.findByRole('dialog', { name: 'Celebrate Holi with Erti Pay' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close video' }));
    expect((dialog as HTMLDialogElement).open).toBe(false);

    (dialog as HTMLDialogElement).showModal();
    fireEvent.click(dialog);
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it('links the quick links to their services', async () => {
    renderHomeAt('2025-06-01T10:00:00+05:30');
    expect(screen.getByRole('link', { name: 'Mobile Recharge' }).getAttribute('href')).toBe(
      '/services/recharge/Mobile%20Prepaid',
    );
    expect(screen.getByRole('link', { name: 'Book Gas Cylinder' }).getAttribute('href')).toBe(
      '/services/utilities/LPG%20Gas',
    );
    expect(screen.getByRole('link', { name: 'Education Fees' }).getAttribute('href')).toBe(
      '/services/more-service/Education%20Fees',
    );
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(12);
  });
});
