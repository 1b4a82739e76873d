import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../features/payments/testing/render.tsx';
import { Component as TestPaymentScreen } from './bbps.tsx';

afterEach(() => vi.unstubAllGlobals());

const siteConfig = (testPayments: boolean) => ({ body: { logoBaseUrl: '/logos', testPayments } });

describe('/bbps, the test payment page', () => {
  it('says test payments are not available where the api does not offer them, without a form', async () => {
    stubApi({ 'GET /api/site-config': () => siteConfig(false) });
    renderScreen(<TestPaymentScreen />, { path: '/bbps' });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Test payments are not available on this site.',
    );
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('shows the form where the api offers them', async () => {
    stubApi({ 'GET /api/site-config': () => siteConfig(true) });
    renderScreen(<TestPaymentScreen />, { path: '/bbps' });
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeTruthy();
    expect(screen.queryByText('Test payments are not available on this site.')).toBeNull();
  });
});
