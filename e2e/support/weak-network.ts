import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Issue 27 item 5 in a browser: the api's answers held or failed by `page.route`, and, on the page's
 * own clock, how soon the page shows that it is waiting. Shared by the weak-network spec files.
 */
export const PROGRESS_WITHIN_MS = 100;

/** What says "under way": a busy control, a progress bar or a visible status (not the not-ready note). */
const PROGRESS = '[aria-busy="true"], [role="progressbar"], [role="status"]:not([data-not-ready-note])';

/** What `watchProgress` keeps on the page's `window`. */
interface ProgressWatch {
  calls: { url: string; at: number }[];
  /** Since when progress has been shown without a break (null while none is). */
  progressSince: number | null;
  /** Whether the page shows progress now. */
  shown(): boolean;
}

/**
 * In every page: when each api call went out, and since when progress has been shown, both on
 * `performance.now()`'s clock.
 */
function watchProgress(progress: string) {
  // Shown: drawn with a box of its own. An empty live region (the connection notices keep two on
  // every page, waiting for something to announce) shows nothing.
  const shown = () =>
    Array.from(document.querySelectorAll(progress)).some((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
    });
  const watch: ProgressWatch = { calls: [], progressSince: null, shown };
  Object.assign(window, { weakNetwork: watch });
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    look();
    watch.calls.push({ url: String(input instanceof Request ? input.url : input), at: performance.now() });
    return fetch(input, init);
  };
  // Looked at on every change of the page (a mutation observer's callback runs right after it) and
  // as each call goes out: the time is when the page put progress up, not when a busy machine
  // next got round to painting.
  const look = () => {
    if (!shown()) watch.progressSince = null;
    else watch.progressSince ??= performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Every page of `context` keeps its api calls and its progress (before any of its own scripts). */
export async function watchProgressIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchProgress, PROGRESS);
}

type Mode = 'pass' | 'hold' | 'fail';

/** The api as a weak network gives it: the calls matching `pattern` pass, wait, or fail. */
export interface ApiGate {
  mode: Mode;
  /** The held calls that have reached the network. */
  held: Route[];
  /** Lets the held calls through; the gate passes calls from then on. */
  release(): Promise<void>;
  /** Fails the held calls as the gate fails them; the gate passes calls from then on. */
  failHeld(): Promise<void>;
}

/** Fails by a dropped connection (`offline`) or by a 503 from the server. */
export type Failure = 'offline' | 503;

export async function gateApi(page: Page, pattern: RegExp, failure: Failure): Promise<ApiGate> {
  const fail = (route: Route) =>
    failure === 'offline'
      ? route.abort('internetdisconnected')
      : route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Unavailable"}' });
  const gate: ApiGate = {
    mode: 'pass',
    held: [],
    async release() {
      gate.mode = 'pass';
      for (const route of gate.held.splice(0)) await route.continue();
    },
    async failHeld() {
      gate.mode = 'pass';
      for (const route of gate.held.splice(0)) await fail(route);
    },
  };
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    if (gate.mode === 'pass' || !pattern.test(url.pathname + url.search)) return route.continue();
    if (gate.mode === 'hold') return void gate.held.push(route);
    return fail(route);
  });
  return gate;
}

/** How long after the last call matching `pattern` went out progress was first shown (≤ 0: it was already). */
export async function msFromCallToProgress(page: Page, apiUrl: string, pattern: RegExp): Promise<number> {
  const watch = () =>
    page.evaluate(() => {
      const { calls, progressSince } = (window as never as { weakNetwork: ProgressWatch }).weakNetwork;
      return { calls, progressSince };
    });
  await expect.poll(async () => (await watch()).progressSince, { timeout: 10_000 }).not.toBeNull();
  const { calls, progressSince } = await watch();
  const call = calls.findLast((each) => {
    const url = new URL(each.url, apiUrl);
    return pattern.test(url.pathname + url.search);
  });
  return call && progressSince !== null ? progressSince - call.at : Number.NaN;
}

/**
 * Presses `control` in the page and measures, on the page's clock, how long until progress shows
 * (-1 if nothing does within 2 s); measured in the page so the test's own round trips do not count.
 */
function msFromPressToProgress(control: Locator): Promise<number> {
  return control.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        const { shown } = (window as never as { weakNetwork: ProgressWatch }).weakNetwork;
        const start = performance.now();
        const check = () => {
          const elapsed = performance.now() - start;
          if (shown()) return resolve(elapsed);
          if (elapsed > 2000) return resolve(-1);
          requestAnimationFrame(check);
        };
        (element as HTMLElement).click();
        requestAnimationFrame(check);
      }),
  );
}

/** Presses `control` and expects progress within 100 ms of the press. */
async function pressAndExpectProgress(control: Locator, what: string): Promise<void> {
  const ms = await msFromPressToProgress(control);
  expect(ms, `progress after ${what}`).toBeGreaterThanOrEqual(0);
  expect(ms, `progress after ${what}`).toBeLessThan(PROGRESS_WITHIN_MS);
}

/**
 * A press whose call fails, then goes through (a form's submit, a download): with its calls under
 * `gate`, `submit` is busy within 100 ms while its call is out, the call fails and `failed` is shown;
 * pressed again it is busy within 100 ms as well and, let through, sends the call.
 */
export async function failThenSend(gate: ApiGate, submit: Locator, failed: Locator): Promise<void> {
  gate.mode = 'hold';
  await pressAndExpectProgress(submit, 'the first press');
  await expect.poll(() => gate.held.length).toBe(1);
  await gate.failHeld();
  await failed.first().waitFor();

  gate.mode = 'hold';
  await pressAndExpectProgress(submit, 'the press after the failure');
  await expect.poll(() => gate.held.length).toBe(1);
  await gate.release();
}

/** A screen of the site that reads from the api when it opens, and what it shows when done. */
export interface Screen {
  name: string;
  path: () => string;
  /** The api calls the screen waits for (path and query). */
  calls: RegExp;
  failure: Failure;
  /** What the screen shows once its call has answered. */
  done: (page: Page) => Locator;
}

/**
 * Opens `screen` in a new page of `context` three times over: its call held (progress within 100 ms of
 * the call going out), failed (an alert with 'Try again'), and failed then retried with the api back
 * (busy within 100 ms of the press, then the screen done, no retry left).
 */
export async function expectProgressAndRetry(
  context: BrowserContext,
  apiUrl: string,
  screen: Screen,
): Promise<void> {
  const page = await context.newPage();
  try {
    const gate = await gateApi(page, screen.calls, screen.failure);

    // Held: the screen shows progress while its call is out.
    gate.mode = 'hold';
    await page.goto(`${apiUrl}${screen.path()}`);
    await expect.poll(() => gate.held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const openMs = await msFromCallToProgress(page, apiUrl, screen.calls);
    expect(openMs, 'progress after the call went out').toBeLessThan(PROGRESS_WITHIN_MS);
    await gate.release();
    await screen.done(page).waitFor();

    // Failed: it says so, with a retry.
    gate.mode = 'fail';
    await page.reload();
    const retry = page.getByRole('button', { name: 'Try again' }).first();
    await retry.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').filter({ has: retry }).count(), 'the retry sits in an alert').toBe(
      1,
    );

    // Back: the retry asks again, busy at once, and the screen completes.
    gate.mode = 'hold';
    await pressAndExpectProgress(retry, 'Try again');
    await expect.poll(() => gate.held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await gate.release();
    await screen.done(page).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  } finally {
    await page.close();
  }
}

/**
 * Holds every script `page` asks for until the returned function is called: the page stays as its
 * HTML drew it, a prerendered page before React has it (decisions 094, 118).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
