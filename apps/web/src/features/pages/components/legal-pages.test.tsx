import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../../../lib/i18n/language-provider.tsx';
import { PrivacyContent } from './privacy-content.tsx';
import { TermsContent } from './terms-content.tsx';

const inRouter = (page: ReactNode) => <MemoryRouter>{page}</MemoryRouter>;

async function renderIn(language: 'hi' | 'ta', page: ReactNode) {
  render(
    <LanguageProvider language={language} messages={await loadMessages(language)}>
      {inRouter(page)}
    </LanguageProvider>,
  );
}

const linkTo = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the Terms & Conditions', () => {
  it("puts the rules' figures, the date and the links into the English text", () => {
    render(inRouter(<TermsContent />));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getByText('Last updated: 1 April 2024')).toBeTruthy();
    expect(screen.getByText(/You must be 18 years of age or older/)).toBeTruthy();
    expect(screen.getByText(/processed within 21 working days/)).toBeTruthy();
    expect(screen.getByText(/refund request within 5 days/)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(13);
    expect(linkTo('complaint page')).toBe('/complaint');
    expect(linkTo('contact page')).toBe('/contact');
    expect(linkTo('← Erti Pay home')).toBe('/');
  });

  it('reads in Hindi, with the date in Hindi and the links kept', async () => {
    await renderIn('hi', <TermsContent />);
    expect(screen.getByRole('heading', { level: 1, name: 'नियम और शर्तें' })).toBeTruthy();
    expect(screen.getByText('अंतिम अपडेट: 1 अप्रैल 2024')).toBeTruthy();
    expect(screen.getByText(/आपकी उम्र 18 साल/)).toBeTruthy();
    expect(linkTo('शिकायत पेज')).toBe('/complaint');
    expect(linkTo('संपर्क पेज')).toBe('/contact');
  });
});

describe('the Privacy Policy', () => {
  it('has its eight sections and the contact link in English', () => {
    render(inRouter(<PrivacyContent />));
    expect(screen.getByText('Last updated: 5 May 2025')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1. Personal data',
      '2. KYC data',
      '3. Device metadata',
      '4. Camera and location permissions',
      '5. No advertising ID',
      '6. Who we share data with',
      '7. How long we keep it',
      '8. Your rights',
    ]);
    expect(linkTo('contact page')).toBe('/contact');
  });

  it('reads in Tamil, with the date in Tamil', async () => {
    await renderIn('ta', <PrivacyContent />);
    expect(screen.getByRole('heading', { level: 1, name: 'தனியுரிமைக் கொள்கை' })).toBeTruthy();
    expect(screen.getByText('கடைசியாகப் புதுப்பிக்கப்பட்டது: 5 மே, 2025')).toBeTruthy();
    expect(linkTo('தொடர்புப் பக்கம்')).toBe('/contact');
  });
});
