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

/** Real Debian Chromium with a fresh profile directory. */
export async function openBrowser(options: { mobile?: boolean } = {}): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'erti-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  // CI machines are small and busy: give every wait room before calling it a failure.
  context.setDefaultTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export type { Browser, Page };
