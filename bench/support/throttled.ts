import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../e2e/support/browser.ts';

/**
 * A customer's phone on a poor network, set through the DevTools protocol (issue 37 item 2): 400 ms
 * round trips, about 400 kbit/s each way, and the CPU four times slower than this machine's.
 */
export const SLOW_PHONE = { latencyMs: 400, kbitPerSecond: 400, cpuSlowdown: 4 };

/** A stored session, as the login screen keeps it (`ertiUser`, `ertiUserData`): a signed-in visit. */
export type StoredSession = Record<string, string>;

export interface LiveRun {
  /** From the first paint to `<html data-live>` (main.tsx), on the page's clock. */
  paintToLiveMs: number;
  firstPaintMs: number;
  liveMs: number;
  /** From the first paint until `waitText` showed (a signed-in customer's Recent Bills), if asked for. */
  paintToTextMs?: number;
  /** From the first paint until the first script was asked for (the head script starts them). */
  scriptsStartMs: number;
  /** The scripts fetched whole before the page was live, by path. */
  scriptsBeforeLive: string[];
}

/** What the page keeps on its own clock: its first paint, when it went live, when `text` showed. */
function watchLive(text: string | null) {
  const times: { paint?: number; live?: number; text?: number } = {};
  Object.assign(window, { ertiTimes: times });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-paint' || entry.name === 'first-contentful-paint')
        times.paint = Math.min(times.paint ?? entry.startTime, entry.startTime);
  }).observe({ type: 'paint', buffered: true });
  // Inline, not a named function: tsx names those with a helper the page does not have.
  new MutationObserver(() => {
    if (times.live === undefined && document.documentElement.hasAttribute('data-live'))
      times.live = performance.now();
    if (text && times.text === undefined && document.body?.textContent.includes(text))
      times.text = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

/**
 * Opens `url` in a fresh Chromium (empty cache, no service worker) on the slow phone and measures,
 * on the page's clock, the time from its first paint to live; with `session` stored first, as a
 * signed-in customer's page, and with `waitText`, also until that text shows.
 */
export async function liveOnSlowPhone(
  url: string,
  options: { session?: StoredSession; waitText?: string } = {},
): Promise<LiveRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    if (options.session)
      await context.addInitScript((stored) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      }, options.session);
    await context.addInitScript(watchLive, options.waitText ?? null);
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    const bytesPerSecond = (SLOW_PHONE.kbitPerSecond * 1000) / 8;
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    // Asked every quarter second rather than by waitForFunction, which does not see the page's own
    // globals under the site's Content-Security-Policy.
    const waiting = Boolean(options.waitText);
    const seen = () =>
      page.evaluate((text) => {
        const times = (window as unknown as { ertiTimes: { paint?: number; live?: number; text?: number } })
          .ertiTimes;
        return times.paint !== undefined && times.live !== undefined && (!text || times.text !== undefined);
      }, waiting);
    for (const started = Date.now(); !(await seen()); await page.waitForTimeout(250))
      if (Date.now() - started > 180_000) throw new Error(`${url} was not live within 3 minutes`);
    const measured = await page.evaluate(() => {
      const times = (window as unknown as { ertiTimes: { paint: number; live: number; text?: number } })
        .ertiTimes;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js')) as PerformanceResourceTiming[];
      return {
        ...times,
        scriptsStart: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts
          .filter((entry) => entry.responseEnd <= times.live)
          .map((entry) => new URL(entry.name).pathname),
      };
    });
    return {
      firstPaintMs: measured.paint,
      liveMs: measured.live,
      paintToLiveMs: measured.live - measured.paint,
      scriptsStartMs: measured.scriptsStart - measured.paint,
      paintToTextMs: measured.text === undefined ? undefined : measured.text - measured.paint,
      scriptsBeforeLive: measured.scripts,
    };
  } finally {
    await browser.close();
  }
}
