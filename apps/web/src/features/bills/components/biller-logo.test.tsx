import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../testing/render.tsx';
import { BillerLogo, logoCandidates } from './biller-logo.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('BillerLogo', () => {
  it('builds the logo store addresses by category and name, png first', () => {
    expect(logoCandidates('https://cdn.test/logos/', 'Hospital & Pathology', 'B.K. Arogyam')).toEqual([
      'https://cdn.test/logos/Hospital%20%26%20Pathology/B.K.%20Arogyam.png',
      'https://cdn.test/logos/Hospital%20%26%20Pathology/B.K.%20Arogyam.jpg',
      'https://cdn.test/logos/Hospital%20%26%20Pathology/B.K.%20Arogyam.webp',
      'https://cdn.test/logos/Hospital%20%26%20Pathology/B.K.%20Arogyam.jpeg',
    ]);
  });

  it('tries png, jpg, webp and jpeg in turn, then shows the first letter in a circle', async () => {
    stubApi(() => undefined);
    const { container } = renderScreen(
      <BillerLogo billerName="tata Power" billerCategoryName="Electricity" />,
      {
        path: '/',
        url: '/',
      },
    );
    const base = 'https://logos.test/logos/Electricity/tata%20Power';
    const image = () => container.querySelector('img');
    await waitFor(() => expect(image()?.getAttribute('src')).toBe(`${base}.png`));
    for (const next of ['jpg', 'webp', 'jpeg']) {
      fireEvent.error(image()!);
      expect(image()?.getAttribute('src')).toBe(`${base}.${next}`);
    }
    fireEvent.error(image()!);
    expect(image()).toBeNull();
    expect(screen.getByTestId('logo-letter').textContent).toBe('T');
  });

  it('keeps the logo that loads', async () => {
    stubApi(() => undefined);
    const { container } = renderScreen(<BillerLogo billerName="Jio" billerCategoryName="Mobile Postpaid" />, {
      path: '/',
      url: '/',
    });
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    fireEvent.error(container.querySelector('img')!);
    fireEvent.load(container.querySelector('img')!);
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/Jio\.jpg$/);
  });
});
