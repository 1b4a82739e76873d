import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { billersOf } from '../support/catalogue.ts';
import { signInThroughApi } from '../support/session.ts';

/**
 * Issue 27 item 1 (decisions 092, 093): each public page's first HTML carries its content, in the
 * language the customer chose; React hydrates it without a mismatch; a signed-in customer's view
 * comes in after hydration without moving the layout.
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const webDist = inject('webDist');
const { paths } = JSON.parse(readFileSync(join(webDist, 'prerendered/pages.json'), 'utf8')) as {
  paths: string[];
};
const urlOf = (path: string) => `${apiUrl}${path.split('/').map(encodeURIComponent).join('/')}`;

/** The main heading's text in an HTML document, without running it. */
const headingIn = (html: string) => /<h1[^>]*>([^<]*)</.exec(html)?.[1]?.replaceAll('&amp;', '&').trim();

let browser: BrowserSession;
/** Errors and warnings the page wrote to its console, and exceptions it did not catch. */
const problems: string[] = [];

beforeAll(async () => {
  browser = await openBrowser({ mobile: true });
  browser.page.on('console', (message) => {
    // The sandbox's logo store has no picture for some billers: the list tries each kind, then draws its first letter.
    const missingLogo = message.location().url.startsWith(`${sandboxUrl}/logos/`);
    if ((message.type() === 'error' || message.type() === 'warning') && !missingLogo)
      problems.push(`${message.text()} ${message.location().url}`);
  });
  browser.page.on('pageerror', (error) => problems.push(error.message));
  // The layout shifts of the page, summed as CLS counts them (none right after the customer's input).
  await browser.context.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `path` with JavaScript and waits until React has hydrated its heading. */
async function openHydrated(page: Page, path: string): Promise<string> {
  await page.goto(urlOf(path));
  const heading = page.locator('h1').first();
  await heading.waitFor({ state: 'attached' });
  // React marks each node it has hydrated with its fiber.
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
  });
  return (await heading.textContent())?.trim() ?? '';
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);

describe('the public pages, prerendered', () => {
  it('lists every public page of the issue, each service of the catalogue among them', () => {
    for (const path of ['/', '/services', '/about', '/contact', '/terms', '/privacy'])
      expect(paths).toContain(path);
    expect(paths).toContain('/services/utilities/Electricity');
    expect(paths).toContain('/services/more-service/Hospital & Pathology');
    expect(paths.length).toBeGreaterThan(30);
  });

  it('answers each with its main heading in the first HTML, and React hydrates it without a mismatch', async () => {
    const named: Record<string, string> = {
      '/': 'Erti Pay: recharges and bill payments on Bharat Connect',
      '/services': 'Services',
      '/about': 'About Us',
      '/contact': 'Contact Us',
      '/terms': 'Terms & Conditions',
      '/privacy': 'Privacy Policy',
      '/services/utilities/Electricity': 'Pay your Electricity Bill',
    };
    for (const path of paths) {
      const firstHtml = await fetch(urlOf(path)).then((response) => response.text());
      const heading = headingIn(firstHtml);
      if (named[path]) expect(heading, path).toBe(named[path]);
      problems.length = 0;
      // Hydrated, the page shows the heading its first HTML had, and said nothing of a mismatch.
      expect(await openHydrated(browser.page, path), path).toBe(heading);
      expect(problems, path).toEqual([]);
    }
  });

  it("inlines the first paint's CSS and loads the stylesheet at the end of the body", async () => {
    const html = await fetch(urlOf('/')).then((response) => response.text());
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style>[^<]*\.mx-auto\{/);
    expect(head).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-[^"]+\.css"><\/body>/);
  });

  it("names its screen's code and its language's in its first HTML, and uses all it names", async () => {
    const { page } = browser;
    const [biller] = await billersOf<{ billerName: string }>(apiUrl, 'Electricity');
    const screens: Record<string, string> = {
      '/': 'home',
      '/services': 'services',
      '/services/recharge/DTH': 'service',
      '/contact': 'contact',
      [`/services/utilities/Electricity/${biller?.billerName}`]: 'bill-entry',
    };
    for (const [path, screen] of Object.entries(screens)) {
      const firstHtml = await fetch(urlOf(path)).then((response) => response.text());
      const named = [...firstHtml.matchAll(/<link rel="erti-preload" href="([^"]+)">/g)].map(
        (match) => match[1],
      );
      // Fetched beside the entry after the first paint, not once the entry has run and asked for them.
      expect(named, path).toContainEqual(
        expect.stringMatching(new RegExp(`^/assets/${screen}-[\\w-]{8}\\.js$`)),
      );
      expect(named, path).toContainEqual(expect.stringMatching(/^\/assets\/locale-en-[\w-]+\.js$/));
      const scripts = new Set<string>();
      const listen = (request: { url(): string }) => scripts.add(new URL(request.url()).pathname);
      page.on('request', listen);
      try {
        await openHydrated(page, path);
      } finally {
        page.off('request', listen);
      }
      expect(
        named.filter((file) => !scripts.has(file ?? '')),
        `${path}: named but not used`,
      ).toEqual([]);
    }
  });

  it('answers the page in the language of the cookie, else of Accept-Language, varying by both', async () => {
    const response = await fetch(urlOf('/about'), {
      headers: { cookie: 'erti_lang=ta', 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(response.headers.get('content-language')).toBe('ta');
    expect(response.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
    expect(await response.text()).toContain('<html lang="ta"');
    const firstVisit = await fetch(urlOf('/about'), { headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
    expect(firstVisit.headers.get('content-language')).toBe('hi');
  });

  it("hydrates each language's pages in that language, without a mismatch (issue 26)", async () => {
    const { context, page } = browser;
    onTestFinished(() => context.clearCookies({ name: 'erti_lang' }));
    for (const language of ['hi', 'ta'] as const) {
      await context.addCookies([{ name: 'erti_lang', value: language, url: apiUrl }]);
      for (const path of ['/', '/services', '/about', '/contact', '/services/utilities/Electricity']) {
        const firstHtml = await fetch(urlOf(path), { headers: { cookie: `erti_lang=${language}` } }).then(
          (response) => response.text(),
        );
        const heading = headingIn(firstHtml) ?? '';
        // Written in the language's own script, not English.
        expect(heading, `${language} ${path}`).toMatch(
          language === 'hi' ? /[\u0900-\u097f]/ : /[\u0b80-\u0bff]/,
        );
        problems.length = 0;
        expect(await openHydrated(page, path), `${language} ${path}`).toBe(heading);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(problems, `${language} ${path}`).toEqual([]);
      }
    }
  });

  it("draws a biller's bill-entry page from its first HTML, the name from the address, and hydrates it in each language (decision 097)", async () => {
    const { context, page } = browser;
    onTestFinished(() => context.clearCookies({ name: 'erti_lang' }));
    const [biller] = await billersOf<{ billerName: string }>(apiUrl, 'Electricity');
    const path = `/services/utilities/Electricity/${biller?.billerName}`;
    for (const language of ['en', 'hi', 'ta'] as const) {
      await context.addCookies([{ name: 'erti_lang', value: language, url: apiUrl }]);
      const firstHtml = await fetch(urlOf(path), { headers: { cookie: `erti_lang=${language}` } }).then(
        (response) => response.text(),
      );
      const billerHeading = /<h2[^>]*>([^<]*)</.exec(firstHtml)?.[1]?.replaceAll('&amp;', '&');
      expect(billerHeading, language).toBe(biller?.billerName);
      expect(firstHtml, language).toContain(`<html lang="${language}"`);
      problems.length = 0;
      expect(await openHydrated(page, path), language).toBe(headingIn(firstHtml));
      // The biller's record and the form come in after hydration, in the loading note's place.
      await page.locator('[data-page-loading]').waitFor({ state: 'detached' });
      expect(await page.locator('h2').first().textContent()).toBe(biller?.billerName);
      expect(problems, language).toEqual([]);
    }
  });

  it("brings a signed-in customer's view in after hydration without moving the layout", async () => {
    const { page } = browser;
    await signInThroughApi(page, apiUrl, sandboxUrl);
    for (const path of ['/', '/services/utilities/Electricity']) {
      problems.length = 0;
      await openHydrated(page, path);
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      if (path !== '/') await page.getByRole('heading', { name: 'Recent Bills' }).waitFor();
      // Time for the profile and the saved bills to come in and be drawn.
      await page.waitForLoadState('networkidle');
      const cls = await layoutShift(page);
      console.info(`CLS of ${path}, signed in: ${cls.toFixed(4)}`);
      expect(cls, path).toBeLessThan(0.05);
      expect(problems, path).toEqual([]);
    }
  });
});
