import { bbpsPaths } from '@erti/protocols';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, type Page } from '../support/browser.ts';
import { billersOf } from '../support/catalogue.ts';
import { type Hands, keyboard, mouse } from '../support/keyboard.ts';
import { lastMailId, waitForOtp } from '../support/mailbox.ts';
import { screenshotForReview } from '../support/screenshots.ts';
import { newTestUser, registerThroughApi, type SignedInUser, signInThroughApi } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');

interface Biller {
  billerId: string;
  billerName: string;
  fetchRequirement: string;
  customerParams: { paramName: string; optional: string; regex: string }[];
}

interface SandboxBill {
  respCode: string;
  response: { billerResponse: { customerName: string; amount: string; billNumber: string } };
}

/**
 * Consumer numbers by what the sandbox network answers (apps/sandbox/README.md): the last four
 * digits decide the outcome; any other ending is an ordinary bill.
 */
const consumer = { ordinary: '4826103757', invalid: '4826100001', nothingDue: '4826100004' };

let browser: BrowserSession;
let biller: Biller;
let paramName: string;

/** An electricity board that presents bills and asks for a single 10 to 12 digit number. */
async function electricityBoard(): Promise<Biller> {
  const billers = await billersOf<Biller>(apiUrl, 'Electricity');
  const board = billers.find(
    (candidate) =>
      candidate.fetchRequirement === 'MANDATORY' &&
      candidate.customerParams.length === 1 &&
      candidate.customerParams[0]?.regex === '^[0-9]{10,12}$',
  );
  if (!board) throw new Error('The sandbox has no electricity board with one consumer number');
  return board;
}

/** The bill the network itself has for a consumer number, asked of the sandbox directly. */
async function networkBill(number: string): Promise<SandboxBill['response']['billerResponse']> {
  const response = await fetch(`${sandboxUrl}/bou${bbpsPaths.fetch}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      chId: 1,
      isRealTimeFetch: true,
      custDetails: { mobileNo: '9876543210', customerTags: [] },
      agentDetails: { agentId: 'E2E-CHECK', deviceTags: [] },
      billDetails: { billerId: biller.billerId, customerParams: [{ name: paramName, value: number }] },
    }),
  });
  const answer = (await response.json()) as SandboxBill;
  expect(answer.respCode).toBe('1');
  return answer.response.billerResponse;
}

/** From the services page: search the service, open Electricity, find the board by name. */
async function findBoard(page: Page, hands: Hands = mouse): Promise<void> {
  await page.goto(`${apiUrl}/services`);
  await hands.fill(page.getByPlaceholder('Search for a service...'), 'electric');
  await hands.activate(page.getByRole('link', { name: /Electricity Bill/ }));
  await page.waitForURL(`${apiUrl}/services/utilities/Electricity`);
  await hands.fill(
    page.getByPlaceholder('Search your biller here'),
    biller.billerName.slice(0, 12).toLowerCase(),
  );
  await hands.activate(page.getByRole('link', { name: biller.billerName, exact: true }));
  await page.getByRole('heading', { name: biller.billerName }).waitFor();
}

/** The login screen as a person uses it: e-mail, OTP from the mailbox, password; it then returns to `from`. */
async function logInOnLoginPage(page: Page, account: SignedInUser, hands: Hands): Promise<void> {
  await hands.fill(page.getByLabel('Email ID'), account.email);
  const after = await lastMailId(sandboxUrl, account.email);
  await hands.activate(page.getByRole('button', { name: 'Send OTP' }));
  await hands.fill(
    page.getByLabel('OTP', { exact: true }),
    await waitForOtp(sandboxUrl, account.email, after),
  );
  await hands.activate(page.getByRole('button', { name: 'Verify OTP' }));
  await page.getByText('OTP Verified', { exact: true }).waitFor();
  await hands.fill(page.getByLabel('Password', { exact: true }), account.password);
  await hands.activate(page.getByRole('button', { name: 'Login', exact: true }));
}

async function submitNumber(page: Page, number: string, hands: Hands = mouse): Promise<void> {
  await hands.fill(page.getByLabel(paramName), number);
  await hands.activate(page.getByRole('button', { name: 'Submit' }));
}

beforeAll(async () => {
  biller = await electricityBoard();
  paramName = biller.customerParams[0]?.paramName ?? '';
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('paying an electricity bill: finding the biller and fetching the bill', () => {
  it('a signed-in user finds the board, is told about a mistyped number and sees the bill, with the keyboard alone', async () => {
    const { page } = browser;
    await signInThroughApi(page, apiUrl, sandboxUrl);
    await findBoard(page, keyboard);

    const field = page.getByLabel(paramName);
    expect(await field.getAttribute('placeholder')).toBe(`Enter ${paramName}`);
    await keyboard.fill(field, '12345AB');
    await page.keyboard.press('Tab');
    await page.getByText(`Invalid ${paramName}`).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);

    await submitNumber(page, consumer.ordinary, keyboard);
    await page.waitForURL(`${apiUrl}/billerdetails`);
    await page.getByRole('heading', { name: 'BILLER DETAILS' }).waitFor();
    const bill = await networkBill(consumer.ordinary);
    const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    expect(await page.getByText(bill.customerName, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(bill.billNumber, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(consumer.ordinary, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Amount').inputValue()).toBe(rupees.format(Number(bill.amount) / 100));
    expect(await page.getByLabel('Amount').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Proceed to Pay' }).isEnabled()).toBe(true);
    await screenshotForReview(page, 'en-bill-confirmation');
    await page.goto(`${apiUrl}/`);
    await page.locator('html[data-live]').waitFor();
    await screenshotForReview(page, 'en-home');
  });

  it("shows the network's reason for an invalid account, and calmly says when nothing is due", async () => {
    const { page } = browser;
    await signInThroughApi(page, apiUrl, sandboxUrl);
    await findBoard(page);

    await submitNumber(page, consumer.invalid);
    await page.getByText('Invalid customer account').waitFor();

    await submitNumber(page, consumer.nothingDue);
    await page.getByText(/No bill due/).waitFor();
    expect(page.url()).toContain('/services/utilities/Electricity/');
  });

  it('asks a visitor to log in and gives back what they typed once they have, with the keyboard alone', async () => {
    const { page } = browser;
    const account = await registerThroughApi(apiUrl, sandboxUrl, newTestUser('visitor'));
    await page.goto(`${apiUrl}/`);
    await page.evaluate(() => localStorage.clear());
    await findBoard(page, keyboard);
    const billPage = page.url();

    await submitNumber(page, consumer.ordinary, keyboard);
    const popup = page.getByRole('dialog', { name: 'Please login to continue' });
    await popup.waitFor();
    await keyboard.activate(popup.getByRole('button', { name: 'Login', exact: true }));
    await page.waitForURL((url) => url.pathname === '/login');
    const from = new URL(page.url()).searchParams.get('from');
    expect(`${apiUrl}${from}`).toBe(billPage);

    await logInOnLoginPage(page, account, keyboard);
    await page.waitForURL(billPage);
    expect(await page.getByLabel(paramName).inputValue()).toBe(consumer.ordinary);
    await keyboard.activate(page.getByRole('button', { name: 'Submit' }));
    await page.getByRole('heading', { name: 'BILLER DETAILS' }).waitFor();
  });
});
