import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { holdScripts } from '../support/weak-network.ts';

/**
 * Issue 37 item 3 (decision 119): the first HTML of every prerendered page already holds every text it
 * shows once live, the site configuration's among them (the support e-mail this deployment sets, the
 * company's numbers and addresses), and the page, once live, shows the same without moving.
 */
const apiUrl = inject('apiUrl');
const webDist = inject('webDist');
const { paths } = JSON.parse(readFileSync(join(webDist, 'prerendered/pages.json'), 'utf8')) as {
  paths: string[];
};
const urlOf = (path: string) => `${apiUrl}${path.split('/').map(encodeURIComponent).join('/')}`;
/** How HTML writes a text: `&` as `&amp;`. */
const asHtml = (text: string) => text.replaceAll('&', '&amp;');

let site: SiteConfig;
let browser: BrowserSession;

beforeAll(async () => {
  site = (await (await fetch(`${apiUrl}/api/site-config`)).json()) as SiteConfig;
  browser = await openBrowser({ mobile: true, serviceWorkers: 'block' });
});
afterAll(async () => {
  await browser?.close();
});

describe("the site configuration in a prerendered page's first HTML", () => {
  it("has /contact's support e-mail, numbers and addresses in its HTML, before any JavaScript", async () => {
    const html = await (await fetch(`${apiUrl}/contact`)).text();
    expect(html).toContain(`<a href="mailto:${site.supportEmail}"`);
    for (const text of [
      site.supportEmail,
      site.whatsappNumber,
      site.callNumber,
      site.registeredAddress,
      site.headquartersAddress,
      site.companyRegistrationNumber,
      site.taxRegistrationNumber,
    ])
      expect(html, text).toContain(asHtml(text));
  });

  it("has the footer's tax number and social links on every prerendered page, and no slot left unwritten", async () => {
    for (const path of paths) {
      const html = await (await fetch(urlOf(path))).text();
      expect(html, path).toContain(site.taxRegistrationNumber);
      expect(html, path).toContain(`href="${site.socialLinks[0]?.url}"`);
      expect(html, path).not.toMatch(/[\uE002\uE003]/);
    }
  });

  it('shows the same contact details once live as its HTML drew, with no layout shift', async () => {
    const page = await browser.context.newPage();
    try {
      await page.addInitScript(() => {
        const shifts = { total: 0 };
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            shifts.total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const problems: string[] = [];
      page.on('console', (message) => {
        // The browser is opened with service workers blocked (page.route must see every request).
        const blockedWorker = message.text() === 'Service Worker registration blocked by Playwright';
        if ((message.type() === 'error' || message.type() === 'warning') && !blockedWorker)
          problems.push(message.text());
      });
      const releaseScripts = await holdScripts(page);
      const opening = page.goto(`${apiUrl}/contact`);
      const details = page.getByRole('main').locator('dl');
      await details.waitFor();
      const drawn = await details.textContent();
      expect(drawn).toContain(site.supportEmail);
      expect(await page.evaluate(() => 'live' in document.documentElement.dataset)).toBe(false);

      releaseScripts();
      await opening;
      await page.waitForLoadState('networkidle');
      expect(await details.textContent()).toBe(drawn);
      expect(await page.getByRole('contentinfo').textContent()).toContain(site.taxRegistrationNumber);
      expect(
        await page.evaluate(
          () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
        ),
      ).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('fetches the contact details on a page that came without them (the app shell); a failed fetch offers Try again', async () => {
    const page = await browser.context.newPage();
    try {
      let failing = true;
      await page.route('**/api/site-config', (route) =>
        failing ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.continue(),
      );
      await page.goto(`${apiUrl}/login`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
      const retry = page.getByRole('main').getByRole('button', { name: 'Try again' });
      await retry.waitFor();
      failing = false;
      await retry.click();
      await page.locator(`a[href="mailto:${site.supportEmail}"]`).waitFor();
    } finally {
      await page.close();
    }
  });
});
