import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium and the flags every browser run uses (the page-speed bench launches it too). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Real Debian Chromium with a fresh profile directory. `serviceWorkers: 'block'` for a test that holds
 * or fails the site's requests with `page.route`, which does not see what a service worker answers.
 */
export async function openBrowser(
  options: { mobile?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'erti-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    acceptDownloads: true,
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  // CI machines are small and busy: give every wait room before calling it a failure.
  context.setDefaultTimeout(60_000);
  context.on('page', waitForTheSiteAfterLoads);
  const page = context.pages()[0] ?? (await context.newPage());
  waitForTheSiteAfterLoads(page);
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * After `goto` and `reload`, waits until React has taken our site's page over (main.tsx marks
 * `<html data-live>`): a prerendered page is drawn before its JavaScript runs, and a press or typing
 * before then reaches no handler, which a person would simply repeat. Pages without our `#root` (the
 * sandbox's gateway pages) are not waited for.
 */
function waitForTheSiteAfterLoads(page: Page): void {
  const live = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || 'live' in document.documentElement.dataset,
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

export type { Browser, Page };
