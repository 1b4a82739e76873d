import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coverage, educationBillers, health } from '../testing/fixtures.ts';
import { bodiesSentTo, renderScreen, stubApi } from '../testing/render.tsx';
import { EducationFeesForm } from './education-fees-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function serveCoverage() {
  return stubApi({
    'POST /bbps/prod/education/coverage': ({ state, area }) =>
      state ? (educationBillers[`${state}:${area ?? ''}`] ?? []) : coverage,
  });
}

const location = () => screen.getByLabelText('Location') as HTMLSelectElement;
const area = () => screen.getByLabelText('Area') as HTMLSelectElement;
const billerSearch = () => screen.getByRole('combobox', { name: 'Biller' }) as HTMLInputElement;
const proceed = () => screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement;
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.text);

async function pickBiller(search: string, name: string) {
  await waitFor(() => expect(billerSearch().disabled).toBe(false));
  await userEvent.click(billerSearch());
  await userEvent.type(billerSearch(), search);
  await userEvent.click(screen.getByRole('option', { name }));
}

const CATALOGUE_LOADING = 'We are still loading the list of institutes. Please try again in a moment.';

describe('education fees form', () => {
  it('unlocks area after a location and the biller search after an area', async () => {
    serveCoverage();
    renderScreen(<EducationFeesForm />, '/education');
    await waitFor(() => expect(location().disabled).toBe(false));
    expect(area().disabled).toBe(true);
    expect(billerSearch().disabled).toBe(true);
    expect(proceed().disabled).toBe(true);

    await userEvent.selectOptions(location(), 'MAH');
    expect(area().disabled).toBe(false);
    expect(optionTexts(area())).toEqual(['Select your area', 'Mumbai', 'Nagpur', 'Pune']);
    expect(billerSearch().disabled).toBe(true);

    await userEvent.selectOptions(area(), 'Pune');
    await pickBiller('SYMB', 'Symbiosis School');
    expect(billerSearch().value).toBe('Symbiosis School');
    expect(proceed().disabled).toBe(false);
  });

  it('resets area, billers and the chosen biller when the location changes', async () => {
    serveCoverage();
    renderScreen(<EducationFeesForm />, '/education');
    await waitFor(() => expect(location().disabled).toBe(false));
    await userEvent.selectOptions(location(), 'MAH');
    await userEvent.selectOptions(area(), 'Pune');
    await pickBiller('ferg', 'Fergusson College');

    await userEvent.selectOptions(location(), 'TND');
    expect(area().value).toBe('');
    expect(billerSearch().value).toBe('');
    expect(billerSearch().disabled).toBe(true);
    expect(proceed().disabled).toBe(true);
    await userEvent.selectOptions(area(), 'Chennai');
    await waitFor(() => expect(billerSearch().disabled).toBe(false));
    await userEvent.click(billerSearch());
    const list = screen.getByRole('listbox', { name: 'Biller' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Loyola College']);
  });

  it('says a state has no areas and still finds its institutes', async () => {
    const fetchMock = serveCoverage();
    renderScreen(<EducationFeesForm />, '/education');
    await waitFor(() => expect(location().disabled).toBe(false));
    await userEvent.selectOptions(location(), 'LAK');
    expect(optionTexts(area())).toEqual(['No areas available']);
    expect(area().disabled).toBe(true);
    await pickBiller('kava', 'Kavaratti Senior Secondary School');
    expect(bodiesSentTo(fetchMock, 'POST /bbps/prod/education/coverage')).toContainEqual({ state: 'LAK' });
  });

  it('opens the chosen institute’s bill-entry page with the biller in state', async () => {
    serveCoverage();
    const { arrivals } = renderScreen(<EducationFeesForm />, '/education');
    await waitFor(() => expect(location().disabled).toBe(false));
    await userEvent.selectOptions(location(), 'MAH');
    await userEvent.selectOptions(area(), 'Mumbai');
    await pickBiller('xav', "St. Xavier's College");
    await userEvent.click(proceed());
    await waitFor(() => expect(arrivals).toHaveLength(1));
    expect(arrivals[0]?.pathname).toBe(
      `/services/education-fees/Education%20Fees/${encodeURIComponent("St. Xavier's College")}`,
    );
    expect(arrivals[0]?.state).toMatchObject({
      biller: { billerId: 'STXA00000MAH03', billerName: "St. Xavier's College" },
    });
  });

  it('says the institutes are still loading during the first sync, then offers the places by itself', async () => {
    let synced = false;
    const fetchMock = stubApi({
      'POST /bbps/prod/education/coverage': ({ state, area }) =>
        synced ? (state ? (educationBillers[`${state}:${area ?? ''}`] ?? []) : coverage) : [],
      'GET /health': () => health(synced),
    });
    renderScreen(<EducationFeesForm />, '/education');
    expect(await screen.findByText(CATALOGUE_LOADING)).toBeTruthy();
    expect(location().disabled).toBe(true);
    expect(billerSearch().disabled).toBe(true);

    synced = true;
    await waitFor(
      () =>
        expect(optionTexts(location())).toEqual([
          'Select your location',
          'Maharashtra',
          'Tamil Nadu',
          'Lakshadweep',
        ]),
      { timeout: 10_000 },
    );
    expect(location().disabled).toBe(false);
    expect(screen.queryByText(CATALOGUE_LOADING)).toBeNull();
    expect(bodiesSentTo(fetchMock, 'GET /health').length).toBeGreaterThanOrEqual(2);
    await userEvent.selectOptions(location(), 'MAH');
    await userEvent.selectOptions(area(), 'Pune');
    await pickBiller('ferg', 'Fergusson College');
  });

  it("says 'No Results Found' for a place without institutes once the catalogue is synchronised", async () => {
    stubApi({
      'POST /bbps/prod/education/coverage': ({ state }) => (state ? [] : coverage),
      'GET /health': () => health(true),
    });
    renderScreen(<EducationFeesForm />, '/education');
    await waitFor(() => expect(location().disabled).toBe(false));
    await userEvent.selectOptions(location(), 'MAH');
    await userEvent.selectOptions(area(), 'Nagpur');
    await waitFor(() => expect(billerSearch().disabled).toBe(false));
    await userEvent.click(billerSearch());
    expect(screen.getByText('No Results Found')).toBeTruthy();
    expect(screen.queryByText(CATALOGUE_LOADING)).toBeNull();
  });
});
