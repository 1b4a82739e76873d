import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { keyboard } from '../support/keyboard.ts';

const apiUrl = inject('apiUrl');

interface Location {
  id: string;
  name: string;
  areas: string[];
}

interface Institute {
  billerId: string;
  billerName: string;
  billerCategoryName: string;
}

let browser: BrowserSession;
let state: Location;
let area: string;
let institute: Institute;

/** A coverage read, retried while the api is still copying the network's catalogue after start-up. */
async function coverage<T extends unknown[]>(body: Record<string, string>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${apiUrl}/api/bbps/prod/education/coverage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as T;
    if (answer.length > 0) return answer;
    if (Date.now() > deadline) throw new Error(`No coverage for ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  const locations = await coverage<Location[]>({});
  const maharashtra = locations.find((location) => location.name === 'Maharashtra');
  if (!maharashtra) throw new Error('The coverage list has no Maharashtra');
  state = maharashtra;
  area = 'Mumbai';
  const institutes = await coverage<Institute[]>({ state: state.id, area });
  const first = institutes[0];
  if (!first) throw new Error('No education biller serves Mumbai');
  institute = first;
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('finding an education biller', () => {
  it('finds an institute by location and area and opens its bill-entry page, with the keyboard alone', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/services/more-service/Education%20Fees`);
    await page.getByRole('heading', { name: 'Education Fees' }).waitFor();
    const biller = page.getByRole('combobox', { name: 'Biller' });
    const proceed = page.getByRole('button', { name: 'Proceed' });
    expect(await page.getByLabel('Area').isDisabled()).toBe(true);
    expect(await biller.isDisabled()).toBe(true);
    expect(await proceed.isDisabled()).toBe(true);

    const location = page.getByLabel('Location');
    await expect.poll(() => location.isEnabled()).toBe(true);
    await keyboard.selectOption(location, state.name);
    await keyboard.selectOption(page.getByLabel('Area'), area);
    await expect.poll(() => biller.isEnabled()).toBe(true);
    await keyboard.pickFromList(biller, institute.billerName.slice(0, 8).toUpperCase(), institute.billerName);
    await keyboard.activate(proceed);

    await page.waitForURL(
      `${apiUrl}/services/education-fees/${encodeURIComponent(institute.billerCategoryName)}/${encodeURIComponent(institute.billerName)}`,
    );
    await page.getByRole('heading', { name: institute.billerName }).waitFor();
  });

  it('the /education screen lists a state without areas clearly', async () => {
    const { page } = browser;
    const locations = await coverage<Location[]>({});
    const bare = locations.find((location) => location.areas.length === 0);
    if (!bare) throw new Error('The coverage list has no state without areas');
    await page.goto(`${apiUrl}/education`);
    const location = page.getByLabel('Location');
    await expect.poll(() => location.isEnabled()).toBe(true);
    await location.selectOption({ label: bare.name });
    expect(await page.getByLabel('Area').locator('option').allTextContents()).toEqual(['No areas available']);
  });
});
