import type { Biller } from '@erti/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billers } from '../../features/bills/testing/fixtures.ts';
import { callsOf, renderScreen, stubApi } from '../../features/bills/testing/render.tsx';
import { Component as ServicesScreen } from './services.tsx';

afterEach(() => vi.unstubAllGlobals());

const biller = (billerName: string, billerCategoryName: string, billerId: string): Biller => ({
  ...billers.electricity,
  billerId,
  billerName,
  billerCategoryName,
});
const adaniElectricity = biller('Adani Electricity Mumbai Limited', 'Electricity', 'ADAN00000MUM01');
const adaniGas = biller('Adani Total Gas - Gujarat', 'Gas', 'ADAN00000GUJ01');
/** Mobile Prepaid opens the recharge form, not a bill-entry page: not offered here. */
const adaniMobile = biller('Adani Mobile', 'Mobile Prepaid', 'ADAN00000NAT01');

function renderServices(search: Record<string, Biller[]> = {}) {
  const fetchMock = stubApi((_method, path) => {
    const url = new URL(path, 'http://api.test');
    if (url.pathname !== '/bbps/prod/search') return undefined;
    return { body: search[url.searchParams.get('q') ?? ''] ?? [] };
  });
  const view = renderScreen(<ServicesScreen />, { path: '/services', url: '/services' });
  return { fetchMock, ...view };
}

const box = () => screen.getByRole('combobox', { name: 'Search for a service or a biller' });

describe('/services', () => {
  it('shows the four groups with tiles linking to /services/{slug}/{title}', () => {
    renderServices();
    for (const group of ['Recharge', 'Utilities', 'Finance & Tax', 'More Services']) {
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: /Electricity Bill/ }).getAttribute('href')).toBe(
      '/services/utilities/Electricity',
    );
    expect(screen.getByRole('link', { name: /Housing Society/ }).getAttribute('href')).toBe(
      '/services/more-service/Housing%20Society',
    );
  });

  it('filters tiles by caption as the user types and hides groups left empty', async () => {
    renderServices();
    await userEvent.type(screen.getByPlaceholderText('Search for a service...'), 'insurance');
    const finance = screen.getByRole('region', { name: 'Finance & Tax' });
    expect(
      within(finance)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Life Insurance', 'Health Insurance', 'Insurance']);
    expect(screen.queryByRole('heading', { name: 'Recharge' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Utilities' })).toBeNull();
  });

  it('offers the billers of every service, each under its service, with one search once the text rests', async () => {
    const { fetchMock } = renderServices({ adani: [adaniElectricity, adaniMobile, adaniGas] });
    await userEvent.type(box(), 'adani');
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Adani Electricity Mumbai LimitedElectricity Bill',
      'Adani Total Gas - GujaratPiped Gas',
    ]);
    expect(callsOf(fetchMock).filter((call) => call.includes('/bbps/prod/search'))).toEqual([
      'GET /api/bbps/prod/search?q=adani&limit=10',
    ]);
    expect(screen.queryByText('No Results Found')).toBeNull();
  });

  it("opens a biller's bill-entry page from the keyboard, as its service's biller list does", async () => {
    const { router } = renderServices({ adani: [adaniElectricity, adaniGas] });
    await userEvent.type(box(), 'adani');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/services/utilities/Gas/Adani%20Total%20Gas%20-%20Gujarat');
    expect(router.state.location.state).toEqual({ biller: adaniGas });
  });

  it('says No Results Found when neither a service nor a biller matches', async () => {
    renderServices();
    await userEvent.type(screen.getByPlaceholderText('Search for a service...'), 'spaceship');
    expect(await screen.findByText('No Results Found')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });
});
