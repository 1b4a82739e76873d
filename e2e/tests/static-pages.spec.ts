import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { keyboard } from '../support/keyboard.ts';

const apiUrl = inject('apiUrl');
let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Evaluated through the debugging protocol, which the site's Content-Security-Policy rightly does not allow a tag for.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical WCAG A/AA problems axe finds on the page, as "rule: target" lines. */
async function accessibilityProblems(): Promise<string[]> {
  await browser.page.evaluate(axeSource);
  return browser.page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}

const mainNavigation = () => browser.page.getByRole('navigation', { name: 'Main' });
const breadcrumb = () => browser.page.getByRole('navigation', { name: 'Breadcrumb' });

async function open(path: string, heading: string) {
  await browser.page.goto(`${apiUrl}${path}`);
  await browser.page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Every phrase is on the page. */
/** Waits for each phrase: a prerendered page shows its heading before the api's facts (decision 092). */
async function expectText(phrases: (string | RegExp)[]) {
  for (const phrase of phrases) {
    const text = browser.page.getByText(phrase).first();
    await text.waitFor({ timeout: 10_000 }).catch(() => undefined);
    expect(await text.isVisible(), String(phrase)).toBe(true);
  }
}

describe('the static pages', () => {
  it('/about shows its banner, vision and founder blurb', async () => {
    await open('/about', 'About Us');
    expect((await breadcrumb().textContent())?.trim()).toBe('Home | Our Informations');
    await expectText(['Our vision', 'From our founder', /payment-technology company/]);
  });

  it('/terms has every point of the terms and no header', async () => {
    await open('/terms', 'Terms & Conditions');
    await expectText([
      'Last updated: 1 April 2024',
      /18 years of age or older/,
      /shown to you\s+upfront/,
      /does not have a refund policy of its own/,
      /within 21 working days/,
      /refund an accepted refund request within 5 days/,
      /recover it from the merchant's next settlement/,
      'Banned merchant categories',
      /Gambling, betting, lotteries/,
      /Submitting your Aadhaar number is voluntary/,
    ]);
    expect(await mainNavigation().count()).toBe(0);
  });

  it('/privacy covers personal, KYC and device data, permissions and no advertising ID, without a header', async () => {
    await open('/privacy', 'Privacy Policy');
    await expectText([
      'Last updated: 5 May 2025',
      '1. Personal data',
      '2. KYC data',
      '3. Device metadata',
      '4. Camera and location permissions',
      '5. No advertising ID',
    ]);
    expect(await mainNavigation().count()).toBe(0);
  });

  it('/contact shows how to reach us', async () => {
    await open('/contact', 'Contact Us');
    expect((await breadcrumb().textContent())?.trim()).toBe('Home | Contact Informations');
    await expectText(['support@ertipay.in', 'Monday-Friday 10am-6pm', /Chennai/, /Salem/, /^CIN /, /^\+91/]);
  });

  it('/complaint shows its banner and three tabs', async () => {
    await open('/complaint', 'Complaint');
    expect((await breadcrumb().textContent())?.trim()).toBe('Home | Complaint Details');
    for (const tab of ['Raise Complaint', 'Check Complaint Status', 'Transaction Queries']) {
      expect(await browser.page.getByRole('tab', { name: tab }).isVisible()).toBe(true);
    }
  });

  it('/nav shows the navigation bar alone and /footer the footer alone', async () => {
    await browser.page.goto(`${apiUrl}/nav`);
    await mainNavigation().waitFor();
    expect(await browser.page.locator('footer').count()).toBe(0);

    await browser.page.goto(`${apiUrl}/footer`);
    await browser.page.getByRole('navigation', { name: 'Footer' }).waitFor();
    expect(await mainNavigation().count()).toBe(0);
  });

  it('goes from page to page with the keyboard alone, the focus starting on each new page', async () => {
    const { page } = browser;
    const footer = () => page.getByRole('navigation', { name: 'Footer' });
    const focusedId = () => page.evaluate(() => document.activeElement?.id);
    await page.goto(`${apiUrl}/`);
    await keyboard.activate(mainNavigation().getByRole('link', { name: 'About', exact: true }));
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect.poll(focusedId).toBe('main');
    await keyboard.activate(mainNavigation().getByRole('link', { name: 'Contact', exact: true }));
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await keyboard.activate(footer().getByRole('link', { name: 'Terms & Conditions' }));
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    await expect.poll(focusedId).toBe('main');
    await keyboard.activate(page.getByRole('link', { name: 'contact page' }));
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await keyboard.activate(footer().getByRole('link', { name: 'Privacy Policy' }));
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await keyboard.activate(page.getByRole('link', { name: 'Erti Pay home' }));
    await page.waitForURL(`${apiUrl}/`);
    await keyboard.activate(mainNavigation().getByRole('link', { name: 'About', exact: true }));
    await keyboard.activate(breadcrumb().getByRole('link', { name: 'Home' }));
    await page.waitForURL(`${apiUrl}/`);
  });

  it.each([
    ['/', 'Erti Pay: recharges and bill payments on Bharat Connect'],
    ['/about', 'About Us'],
    ['/contact', 'Contact Us'],
    ['/complaint', 'Complaint'],
    ['/terms', 'Terms & Conditions'],
    ['/privacy', 'Privacy Policy'],
  ])('%s has no serious accessibility problems', async (path, heading) => {
    await open(path, heading);
    expect(await accessibilityProblems()).toEqual([]);
  });
});
