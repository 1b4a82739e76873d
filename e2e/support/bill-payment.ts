import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { type FetchBiller, findFetchBiller } from './fetch-biller.ts';
import { type Hands, mouse } from './keyboard.ts';
import { type SignedInUser, signInThroughApi } from './session.ts';

/**
 * The bill journey up to the gateway choice: the biller's bill-entry page, the consumer number,
 * Submit, the fetched bill ('BILLER DETAILS'), then 'Proceed to Pay'.
 */
export async function fetchBillAndProceed(
  page: Page,
  apiUrl: string,
  biller: FetchBiller,
  customerNumber: string,
  hands: Hands = mouse,
): Promise<void> {
  const path = `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;
  await page.goto(`${apiUrl}${path}`);
  await hands.fill(page.getByLabel(biller.paramName, { exact: true }), customerNumber);
  await hands.activate(page.getByRole('button', { name: 'Submit' }));
  await page.getByText('BILLER DETAILS').waitFor();
  await hands.activate(page.getByRole('button', { name: 'Proceed to Pay' }));
  await page.waitForURL(`${apiUrl}/payment-selection`);
}

/** A browser signed in as a new customer, and the biller the bill-payment journeys pay. */
export interface PayerSession {
  browser: BrowserSession;
  biller: FetchBiller;
  user: SignedInUser;
}

/** A fresh browser, a new signed-in customer and a biller to pay. */
async function openPayerSession(apiUrl: string, sandboxUrl: string): Promise<PayerSession> {
  const browser = await openBrowser();
  try {
    const biller = await findFetchBiller(apiUrl);
    const user = await signInThroughApi(browser.page, apiUrl, sandboxUrl);
    return { browser, biller, user };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * The set-up of a bill-payment journey file: opens the payer's session before its tests and closes
 * the browser after them. Read the answer's fields inside the tests (they are filled in `beforeAll`).
 */
export function payerSuite(): PayerSession {
  const session = {} as PayerSession;
  beforeAll(async () => {
    Object.assign(session, await openPayerSession(inject('apiUrl'), inject('sandboxUrl')));
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}

/** Presses the outcome button on a sandbox gateway page ('Success', 'Failure', ...). */
export async function chooseGatewayOutcome(
  page: Page,
  outcome: 'Success' | 'Failure',
  hands: Hands = mouse,
): Promise<void> {
  await hands.activate(page.getByRole('button', { name: outcome, exact: true }));
}

/** From /payment-selection: 'Pay with PayU' or 'Pay with PhonePe', then the outcome on its sandbox page. */
export async function payOnGateway(
  page: Page,
  sandboxUrl: string,
  gateway: 'PayU' | 'PhonePe',
  outcome: 'Success' | 'Failure',
  hands: Hands = mouse,
): Promise<void> {
  await hands.activate(page.getByRole('button', { name: `Pay with ${gateway}` }));
  await page.waitForURL(`${sandboxUrl}/${gateway.toLowerCase()}/**`);
  await chooseGatewayOutcome(page, outcome, hands);
}

/** The B-Connect Txn ID on the payment-success page, once the bill network has confirmed the payment. */
export async function confirmedTxnReferenceId(page: Page): Promise<string> {
  await page.getByText('B-Connect Txn ID', { exact: true }).waitFor({ timeout: 30_000 });
  return (await page.locator('dt:has-text("B-Connect Txn ID") + dd').textContent()) ?? '';
}

/** 'Download PDF' on the receipt saves erti-receipt-<orderId>.pdf; answers the file's content. */
export async function downloadReceipt(
  page: Page,
  orderId: string,
  hands: Hands = mouse,
  buttonName = 'Download PDF',
): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    hands.activate(page.getByRole('button', { name: buttonName })),
  ]);
  if (download.suggestedFilename() !== `erti-receipt-${orderId}.pdf`) {
    throw new Error(`Unexpected receipt file name ${download.suggestedFilename()}`);
  }
  const file = await download.path();
  return readFileSync(file).toString('latin1');
}

/** The order id in an outcome page's `?orderId=`. */
export function orderIdOf(url: string): string {
  const orderId = new URL(url).searchParams.get('orderId');
  if (!orderId) throw new Error(`No orderId in ${url}`);
  return orderId;
}
