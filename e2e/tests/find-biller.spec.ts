import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { billersOf } from '../support/catalogue.ts';
import { keyboard, mouse } from '../support/keyboard.ts';
import { signInThroughApi } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');

interface Biller {
  billerName: string;
  billerCategoryName: string;
  customerParams: { paramName: string }[];
  logo?: string | null;
}

let browser: BrowserSession;
let billers: Biller[];

beforeAll(async () => {
  billers = await billersOf<Biller>(apiUrl, 'Electricity');
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const withLogo = (extension: string | null) => {
  const biller = billers.find((candidate) => (candidate.logo ?? null) === extension);
  if (!biller) throw new Error(`No electricity biller with logo ${extension}`);
  return biller;
};

describe('finding a biller', () => {
  it('moves between services with the strip and finds nothing for a name no biller has, with the keyboard alone', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/services`);
    await keyboard.activate(page.getByRole('link', { name: /Electricity Bill/ }));
    const strip = page.getByRole('navigation', { name: 'Other services' });
    await strip.waitFor();
    expect(await strip.getByRole('link', { name: 'Electricity Bill' }).count()).toBe(0);
    // 1280 px wide: the strip shows floor((width - 100) / 120) services.
    const width = await strip
      .locator('div')
      .first()
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(await strip.getByRole('link').count()).toBe(Math.floor((width - 100) / 120));

    await keyboard.fill(page.getByPlaceholder('Search your biller here'), 'no such board anywhere');
    await page.getByText('No Results Found').waitFor();
    await keyboard.activate(page.getByRole('button', { name: 'Clear search' }));
    await page.getByRole('link', { name: billers[0]?.billerName ?? '', exact: true }).waitFor();

    await keyboard.activate(strip.getByRole('link', { name: 'DTH Recharge' }));
    await page.waitForURL(`${apiUrl}/services/recharge/DTH`);
    await page.getByRole('heading', { name: 'DTH Recharge' }).waitFor();
  });

  it('finds billers of every service from the services page and opens one, with the keyboard alone', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/services`);
    const box = page.getByRole('combobox', { name: 'Search for a service or a biller' });
    expect(await box.getAttribute('placeholder')).toBe('Search for a service...');
    await keyboard.fill(box, 'adani');
    const choices = page.getByRole('listbox', { name: 'Search for a service or a biller' });
    const electricity = choices.getByRole('option', {
      name: /Adani Electricity Mumbai Limited\s*Electricity Bill/,
    });
    await electricity.waitFor();
    await choices.getByRole('option', { name: /Adani Total Gas - Gujarat\s*Piped Gas/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    // Down the list to Adani Electricity, wherever the ranking put it, then Enter.
    const names = await choices.getByRole('option').allTextContents();
    const position = names.findIndex((name) => name.startsWith('Adani Electricity Mumbai Limited'));
    for (let step = 0; step <= position; step += 1) await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await electricity.getAttribute('id')).toBe(active);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${apiUrl}/services/utilities/Electricity/Adani%20Electricity%20Mumbai%20Limited`);
    await page.getByRole('heading', { name: 'Adani Electricity Mumbai Limited' }).waitFor();
  });

  it('shows each logo in the format the store has, or the first letter when it has none', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/services/utilities/Electricity`);
    for (const extension of ['png', 'jpg', 'webp', 'jpeg']) {
      const biller = withLogo(extension);
      await page.getByPlaceholder('Search your biller here').fill(biller.billerName);
      const link = page.getByRole('link', { name: biller.billerName, exact: true });
      const image = link.locator('img');
      await expect
        .poll(() =>
          image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src),
        )
        .toMatch(new RegExp(`\\.${extension}$`));
    }
    const bare = withLogo(null);
    await page.getByPlaceholder('Search your biller here').fill(bare.billerName);
    const letter = page.getByRole('link', { name: bare.billerName, exact: true }).getByTestId('logo-letter');
    await letter.waitFor();
    expect(await letter.textContent()).toBe(bare.billerName.charAt(0).toUpperCase());
  });

  it('opens a bill page from a link typed or shared, without navigation state', async () => {
    const { page } = browser;
    const biller = withLogo(null);
    await page.goto(`${apiUrl}/services/utilities/Electricity/${encodeURIComponent(biller.billerName)}`);
    await page.getByRole('heading', { name: biller.billerName }).waitFor();
    const paramName = biller.customerParams[0]?.paramName ?? '';
    expect(await page.getByLabel(paramName).getAttribute('placeholder')).toBe(`Enter ${paramName}`);
  });

  it.each([
    ['the mouse', mouse],
    ['the keyboard alone', keyboard],
  ])(
    'lets a DTH subscriber pick a pack on the biller page and go on to the payment choice (with %s)',
    async (_way, hands) => {
      const { page } = browser;
      const dth = await billersOf<Biller & { planMdmRequirement: string }>(apiUrl, 'DTH');
      const operator = dth.find((biller) => biller.planMdmRequirement === 'MANDATORY');
      if (!operator) throw new Error('No DTH operator with plans');
      await signInThroughApi(page, apiUrl, sandboxUrl);
      await page.goto(`${apiUrl}/services/recharge/DTH`);
      await hands.activate(page.getByRole('link', { name: operator.billerName, exact: true }));
      await page.getByRole('heading', { name: operator.billerName }).waitFor();
      const proceed = page.getByRole('button', { name: 'Proceed to Pay' });
      await hands.fill(page.getByLabel('Subscriber ID'), '3012345678');
      expect(await proceed.isDisabled()).toBe(true);
      expect(await page.getByPlaceholder('Enter the amount').count()).toBe(0);

      // The third pack: the keyboard moves down the grid to it. Choosing it lists its price first.
      const pack = page.getByRole('grid', { name: 'Plans' }).getByRole('row').nth(3);
      const planId = (await pack.getByRole('gridcell').first().textContent()) ?? '';
      await hands.chooseItem(pack);
      await page.getByText(/Selected Plan:/).waitFor();
      expect(
        await page.getByRole('row', { selected: true }).getByRole('gridcell').first().textContent(),
      ).toBe(planId);
      await hands.activate(proceed);
      await page.waitForURL(`${apiUrl}/payment-selection`);
    },
  );
});
