import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QuickLinks } from './quick-links.tsx';

describe('home quick links', () => {
  it('names each grid by its heading and links its six services', () => {
    render(
      <MemoryRouter>
        <QuickLinks renderIcon={() => null} />
      </MemoryRouter>,
    );
    const first = screen.getByRole('region', { name: 'Recharge and pay bills' });
    const second = screen.getByRole('region', { name: 'More ways to pay' });
    expect(within(first).getAllByRole('link')).toHaveLength(6);
    expect(within(second).getAllByRole('link')).toHaveLength(6);
    expect(within(first).getAllByRole('link')[0]?.getAttribute('href')).toBe(
      '/services/recharge/Mobile%20Prepaid',
    );
  });
});
