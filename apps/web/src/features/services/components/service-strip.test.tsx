import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceStrip } from './service-strip.tsx';

let width = 0;

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ width, height: 80, top: 0, left: 0, right: width, bottom: 80, x: 0, y: 0 }) as DOMRect,
  );
});
afterEach(() => vi.restoreAllMocks());

const renderStrip = (title: string) =>
  render(
    <MemoryRouter>
      <ServiceStrip currentTitle={title} />
    </MemoryRouter>,
  );

describe('ServiceStrip', () => {
  it('shows as many services as fit the measured width, without the current one', () => {
    width = 700;
    renderStrip('Mobile Prepaid');
    const strip = screen.getByRole('navigation', { name: 'Other services' });
    const links = within(strip).getAllByRole('link');
    expect(links).toHaveLength(5);
    expect(links.map((link) => link.textContent)).toEqual([
      'DTH Recharge',
      'Cable TV',
      'FASTag Recharge',
      'Electricity Bill',
      'Book Gas Cylinder',
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/services/recharge/DTH');
  });

  it('scrolls one service at a time with the arrow buttons, disabled at either end', async () => {
    width = 1060;
    renderStrip('Electricity');
    const previous = screen.getByRole('button', { name: 'Show previous services' });
    const next = screen.getByRole('button', { name: 'Show next services' });
    expect(previous).toHaveProperty('disabled', true);
    const strip = screen.getByRole('navigation', { name: 'Other services' });
    expect(within(strip).getAllByRole('link')).toHaveLength(8);
    await userEvent.click(next);
    expect(within(strip).getAllByRole('link')[0]?.textContent).toBe('DTH Recharge');
    expect(previous).toHaveProperty('disabled', false);
    for (let step = 0; step < 40 && !(next as HTMLButtonElement).disabled; step++)
      await userEvent.click(next);
    const shown = within(strip).getAllByRole('link');
    expect(shown.at(-1)?.textContent).toBe('Hospital & Pathology');
    expect(shown).toHaveLength(8);
  });
});
