import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { chooseGatewayOutcome, orderIdOf } from '../support/bill-payment.ts';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { billersOf } from '../support/catalogue.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { billEntryPath, routeTable } from '../support/routes.ts';
import { E2E_ACCESSIBILITY_MERCHANT_EMAIL } from '../support/servers.ts';
import { newTestUser, registerThroughApi, signInThroughApi, storeSession } from '../support/session.ts';

/**
 * axe-core in real Chromium on every route of the spec's route table, logged out and logged in,
 * plus the screens that need navigation state (bill confirmation, gateway choice, outcome, receipt)
 * reached through the journey itself, and the merchant dashboard as a merchant. Serious and critical
 * violations fail; the report names the route, the rule and the elements. On the same visits, any
 * refusal by the site's own Content-Security-Policy (a policy that breaks a screen) fails as well.
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  route: string;
  rule: string;
  impact: string;
  help: string;
  elements: string[];
}

/** Lets the lazy screen load and its data arrive before axe looks. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="status"][aria-label^="Loading"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** What the site's own Content-Security-Policy refused since the last check (from the console). */
const cspRefusals: string[] = [];

/** Serious and critical axe violations of the page as it is now, and the policy's refusals. */
async function violationsOf(page: Page, route: string): Promise<Violation[]> {
  await settle(page);
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe;
    return axe.run();
  });
  if (results.passes.length === 0) throw new Error(`axe checked nothing on ${route}`);
  const refused = cspRefusals.splice(0).map((text) => ({
    route,
    rule: 'content-security-policy',
    impact: 'serious',
    help: 'The page was refused something by its own Content-Security-Policy',
    elements: [text.slice(0, 240)],
  }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      route,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      elements: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} :: ${node.html.slice(0, 160)}`),
    }))
    .concat(refused);
}

interface AxeResults {
  passes: unknown[];
  violations: {
    id: string;
    impact?: string;
    help: string;
    nodes: { target: string[]; html: string }[];
  }[];
}

async function sweep(page: Page, routes: string[]): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const route of routes) {
    await page.goto(`${apiUrl}${route}`);
    found.push(...(await violationsOf(page, route)));
  }
  return found;
}

let browser: BrowserSession;
let biller: FetchBiller;

beforeAll(async () => {
  await billersOf(apiUrl, 'Electricity');
  biller = await findFetchBiller(apiUrl);
  browser = await openBrowser();
  browser.page.on('console', (message) => {
    const ours = browser.page.url().startsWith(apiUrl);
    if (ours && message.type() === 'error' && message.text().includes('Content Security Policy'))
      cspRefusals.push(`${browser.page.url()}: ${message.text()}`);
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core, serious and critical)', () => {
  it('finds no violation on any route while logged out', { timeout: 300_000 }, async () => {
    expect(await sweep(browser.page, routeTable(biller))).toEqual([]);
  });

  it('finds no violation on any route while logged in', { timeout: 300_000 }, async () => {
    await signInThroughApi(browser.page, apiUrl, sandboxUrl);
    expect(await sweep(browser.page, routeTable(biller))).toEqual([]);
  });

  it('finds no violation on the screens a payment passes through', { timeout: 300_000 }, async () => {
    const { page } = browser;
    await signInThroughApi(page, apiUrl, sandboxUrl);
    const found: Violation[] = [];
    await page.goto(`${apiUrl}${billEntryPath(biller)}`);
    await page.getByLabel(biller.paramName, { exact: true }).fill(biller.customerNumber('7301'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('BILLER DETAILS').waitFor();
    found.push(...(await violationsOf(page, '/billerdetails (a fetched bill)')));

    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await page.waitForURL(`${apiUrl}/payment-selection`);
    found.push(...(await violationsOf(page, '/payment-selection (a fetched bill)')));

    await page.getByRole('button', { name: /Pay with PayU/ }).click();
    await page.waitForURL(`${sandboxUrl}/payu/**`);
    await chooseGatewayOutcome(page, 'Success');
    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    await page.getByText('B-Connect Txn ID', { exact: true }).waitFor({ timeout: 30_000 });
    found.push(...(await violationsOf(page, '/payment-success (a paid order)')));

    await page.goto(`${apiUrl}/receipt/${orderId}`);
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    found.push(...(await violationsOf(page, '/receipt/:orderId (a paid order)')));
    await page.goto(`${apiUrl}/txn`);
    await page.getByRole('link', { name: 'Receipt' }).first().waitFor();
    found.push(...(await violationsOf(page, '/txn (with an order)')));
    expect(found).toEqual([]);
  });

  it('finds no violation on the home page and login in Hindi and Tamil', { timeout: 300_000 }, async () => {
    const { page } = browser;
    // Back to a device with no choice however this ends: the storage and the cookie the api picks pages by.
    onTestFinished(async () => {
      await page.evaluate(() => localStorage.removeItem('erti_lang'));
      await browser.context.clearCookies({ name: 'erti_lang' });
    });
    const found: Violation[] = [];
    for (const language of ['hi', 'ta']) {
      // The device's choice (as the language switch stores it), before the page loads.
      await page.goto(`${apiUrl}/`);
      await page.evaluate((chosen) => localStorage.setItem('erti_lang', chosen), language);
      for (const route of ['/', '/login']) {
        await page.goto(`${apiUrl}${route}`);
        await page.waitForFunction((chosen) => document.documentElement.lang === chosen, language);
        found.push(...(await violationsOf(page, `${route} in ${language}`)));
      }
    }
    expect(found).toEqual([]);
  });

  it('finds no violation on the merchant dashboard as a merchant', { timeout: 300_000 }, async () => {
    const { page } = browser;
    const merchant = await registerThroughApi(apiUrl, sandboxUrl, {
      ...newTestUser('merchant-a11y'),
      email: E2E_ACCESSIBILITY_MERCHANT_EMAIL,
    });
    await storeSession(page, apiUrl, merchant);
    await page.goto(`${apiUrl}/merchant`);
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
    expect(await violationsOf(page, '/merchant (as a merchant)')).toEqual([]);
  });
});
