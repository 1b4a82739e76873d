import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';

const apiUrl = inject('apiUrl');
let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const activeSlide = () =>
  browser.page.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getAttribute('aria-label');

describe('the home page', () => {
  it('advances the banner by itself every 3 seconds, and with the arrows', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/`);
    await page.getByRole('region', { name: 'Offers' }).waitFor();
    // Times two advances inside the page, so a slow test machine cannot blur the cadence.
    const advances = await page.evaluate(
      () =>
        new Promise<{ labels: string[]; gapMs: number }>((resolve) => {
          const label = () =>
            document
              .querySelector('[aria-roledescription="slide"]:not([aria-hidden="true"])')
              ?.getAttribute('aria-label') ?? '';
          const labels = [label()];
          const times: number[] = [];
          const timer = setInterval(() => {
            if (label() === labels.at(-1)) return;
            labels.push(label());
            times.push(performance.now());
            if (times.length < 2) return;
            clearInterval(timer);
            resolve({ labels, gapMs: times[1]! - times[0]! });
          }, 20);
        }),
    );
    const [first, second, third] = advances.labels.map((label) => Number(label.split(' ')[0]));
    expect(second).toBe((first! % 4) + 1);
    expect(third).toBe((second! % 4) + 1);
    expect(advances.gapMs).toBeGreaterThan(2800);
    expect(advances.gapMs).toBeLessThan(3400);

    const before = Number((await activeSlide())?.split(' ')[0]);
    await page.getByRole('button', { name: 'Next slide' }).click();
    expect(await activeSlide()).toBe(`${(before % 4) + 1} of 4`);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    expect(await activeSlide()).toBe(`${before} of 4`);
  });

  it('loads every banner image in the size it was laid out for', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/`);
    const first = page.locator('[aria-roledescription="slide"] img').first();
    await first.waitFor();
    expect(await first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
    expect(await first.getAttribute('fetchpriority')).toBe('high');
  });

  it.each([320, 800, 1024, 1200])(
    'wraps the words of every slide inside the banner, and fits the navigation bar, in each language at %i px (issue 26)',
    async (width) => {
      const { context, page } = browser;
      onTestFinished(() => context.clearCookies({ name: 'erti_lang' }));
      await page.setViewportSize({ width, height: 800 });
      onTestFinished(() => page.setViewportSize({ width: 1280, height: 900 }));
      for (const language of ['en', 'hi', 'ta']) {
        await context.addCookies([{ name: 'erti_lang', value: language, url: apiUrl }]);
        await page.goto(`${apiUrl}/`);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        // Every slide is laid out (the hidden ones too): each of its words must lie inside the banner.
        const spilled = await page.evaluate(() => {
          const banner = document.querySelector('[aria-roledescription="carousel"] > div');
          if (!banner) return ['no banner'];
          const inside = banner.getBoundingClientRect();
          return Array.from(banner.querySelectorAll('[aria-roledescription="slide"] span'))
            .filter((words) => {
              const box = words.getBoundingClientRect();
              return (
                box.top < inside.top ||
                box.bottom > inside.bottom ||
                box.right > inside.right ||
                words.scrollWidth > words.clientWidth + 1
              );
            })
            .map((words) => words.textContent ?? '');
        });
        expect(spilled, language).toEqual([]);
        // The page never scrolls sideways (the signed-out row of links did, at 800 px in English).
        expect(await page.evaluate(() => document.documentElement.scrollWidth), language).toBe(width);
        // The navigation bar's visible controls fit on one row, none clipped or over another.
        const crowded = await page.evaluate(() => {
          const controls = Array.from(
            document.querySelectorAll('header nav a, header nav button, header nav select'),
          )
            .map((element) => ({ element, box: element.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0);
          const name = (element: Element) =>
            element.textContent?.trim() || element.getAttribute('aria-label');
          const clipped = controls
            .filter(({ element }) => element.scrollWidth > element.clientWidth + 1)
            .map(({ element }) => `clipped: ${name(element)}`);
          const overlapping = controls.flatMap((a, index) =>
            controls
              .slice(index + 1)
              .filter(
                ({ box }) =>
                  a.box.left < box.right - 1 &&
                  box.left < a.box.right - 1 &&
                  a.box.top < box.bottom - 1 &&
                  box.top < a.box.bottom - 1,
              )
              // A menu's toggle tucks into its link's padding by design: one item, not a collision.
              .filter(
                ({ element }) => !element.closest('li') || element.closest('li') !== a.element.closest('li'),
              )
              .map(({ element }) => `over: ${name(a.element)} / ${name(element)}`),
          );
          return [...clipped, ...overlapping];
        });
        expect(crowded, language).toEqual([]);
      }
    },
  );

  it('has the two grids of quick links, the app buttons and the footer', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/`);
    await page.getByRole('link', { name: 'Mobile Recharge', exact: true }).waitFor();
    for (const name of [
      'Mobile Recharge',
      'FASTag Recharge',
      'Electricity Bill',
      'Rental',
      'Education Fees',
    ]) {
      expect(await page.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Book Gas Cylinder' }).click();
    await page.waitForURL(`${apiUrl}/services/utilities/LPG%20Gas`);
    await page.goBack();

    expect(await page.getByRole('link', { name: 'Get the app on Google Play' }).isVisible()).toBe(true);
    const footer = page.locator('footer');
    for (const name of ['Terms & Conditions', 'Privacy Policy', 'Contact Us', /Erti Pay on Instagram/]) {
      expect(await footer.getByRole('link', { name }).isVisible()).toBe(true);
    }
    await footer.getByText(/^GSTIN /).waitFor();
    expect(await footer.getByText('© 2025 Erti Pay. All rights reserved.').isVisible()).toBe(true);
  });

  it('opens the navigation menus from the keyboard alone', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/about`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await tabTo(nav.getByRole('link', { name: 'Home' }));
    await page.keyboard.press('Tab'); // Services: focus alone leaves its panel closed
    expect(await nav.getByRole('link', { name: 'Mobile Recharge' }).count()).toBe(0);
    await page.keyboard.press('Tab'); // its toggle
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Mobile Recharge' }).waitFor();
    await page.keyboard.press('Tab'); // the first service
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Mobile Recharge');
    await page.keyboard.press('Escape');
    expect(await nav.getByRole('link', { name: 'Mobile Recharge' }).count()).toBe(0);

    await tabTo(nav.getByRole('link', { name: 'About' }));
    await page.keyboard.press('Tab'); // Complaint
    await page.keyboard.press('Tab'); // its toggle
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab'); // Raise Complaint
    await page.keyboard.press('Tab'); // Complaint Status
    await page.keyboard.press('Enter');
    await page.waitForURL(`${apiUrl}/complaint`);
    expect(
      await page.getByRole('tab', { name: 'Check Complaint Status' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('folds the links into a toggle menu on a phone', async () => {
    const phone = await openBrowser({ mobile: true });
    try {
      await phone.page.goto(`${apiUrl}/`);
      const toggle = phone.page.getByRole('button', { name: 'Menu' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await phone.page.getByRole('link', { name: 'Transaction Queries' }).click();
      await phone.page.waitForURL(`${apiUrl}/complaint`);
      expect(
        await phone.page.getByRole('tab', { name: 'Transaction Queries' }).getAttribute('aria-selected'),
      ).toBe('true');
    } finally {
      await phone.close();
    }
  });
});
