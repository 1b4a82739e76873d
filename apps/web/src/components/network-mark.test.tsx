import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import hindi from '../locales/hi/app.json';
import tamil from '../locales/ta/app.json';
import { NetworkMark, WithBharatConnectLogo } from './network-mark.tsx';

describe('NetworkMark', () => {
  it('draws the Bharat Connect logo from the api, named in words, in a box of a fixed size', () => {
    render(<NetworkMark mark="bharat-connect" />);
    const logo = screen.getByRole('img', { name: 'Powered by Bharat Connect' });
    expect(logo.getAttribute('src')).toBe('/network-marks/bharat-connect.svg');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['96', '32']);
    expect(logo.className).toContain('h-8 w-24');
  });

  it('draws the B-Assured mark square', () => {
    render(<NetworkMark mark="b-assured" />);
    const mark = screen.getByRole('img', { name: 'B-Assured: protected under Bharat Connect' });
    expect(mark.getAttribute('src')).toBe('/network-marks/b-assured.svg');
    expect([mark.getAttribute('width'), mark.getAttribute('height')]).toEqual(['64', '64']);
  });

  it('keeps the trademarks as they are in Hindi and Tamil, the words around them translated', () => {
    for (const [locale, catalogue] of [
      ['hi', hindi],
      ['ta', tamil],
    ] as const) {
      const messages = Object.fromEntries(
        Object.entries(catalogue).map(([key, text]) => [`app.${key}`, text]),
      );
      const { unmount } = render(
        <IntlProvider locale={locale} messages={messages}>
          <NetworkMark mark="bharat-connect" />
          <NetworkMark mark="b-assured" />
        </IntlProvider>,
      );
      const [logo, assured] = screen.getAllByRole('img').map((image) => image.getAttribute('alt') ?? '');
      expect(logo).toContain('Bharat Connect');
      expect(logo).not.toBe('Powered by Bharat Connect');
      expect(assured).toMatch(/^B-Assured: .*Bharat Connect/);
      expect(assured).not.toBe('B-Assured: protected under Bharat Connect');
      unmount();
    }
  });

  it('puts the logo after the heading, at the top right of its row', () => {
    render(
      <WithBharatConnectLogo>
        <h1>Electricity</h1>
      </WithBharatConnectLogo>,
    );
    const row = screen.getByRole('heading', { name: 'Electricity' }).parentElement?.parentElement;
    expect(row?.className).toContain('justify-between');
    expect(row?.lastElementChild?.getAttribute('src')).toBe('/network-marks/bharat-connect.svg');
  });
});
