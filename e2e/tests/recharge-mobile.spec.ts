import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, type Page } from '../support/browser.ts';
import { type Hands, keyboard, mouse } from '../support/keyboard.ts';
import { signInThroughApi } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');

interface Operator {
  billerId: string;
  billerName: string;
}

interface Plan {
  Id: string;
  categoryType: string;
  amountInRupees: number;
  planDescription: string;
}

/** The navigation state /payment-selection received (react-router keeps it in history.state.usr). */
interface PaymentState {
  amount: number;
  plan: { id: string; categoryType: string; amountInRupees: number };
  biller: { billerId: string };
  validationReq: { billDetails: { customerParams: { name: string; value: string }[] }; planId: string };
  validationRes: { respCode: number };
}

const mobileNumber = '9876543210';
let browser: BrowserSession;
let jio: Operator;
let plan: Plan;

/**
 * An api read, retried while the api is still copying the network's catalogue after start-up
 * (plans answer 404 until then).
 */
async function api<T>(path: string, body?: unknown, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${apiUrl}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    if (response.ok && (!Array.isArray(answer) || answer.length > 0)) return answer;
    if (Date.now() > deadline) throw new Error(`${path} answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A Mumbai plan whose price no other Mumbai plan has, so typing it selects exactly that plan. */
function planWithOwnPrice(plans: Plan[]): Plan {
  const counts = new Map<number, number>();
  for (const candidate of plans)
    counts.set(candidate.amountInRupees, (counts.get(candidate.amountInRupees) ?? 0) + 1);
  const unique = plans.find(
    (candidate) => counts.get(candidate.amountInRupees) === 1 && candidate.amountInRupees > 99,
  );
  if (!unique) throw new Error('No Mumbai plan with a price of its own');
  return unique;
}

async function chooseOperator(page: Page, search: string, name: string, hands: Hands = mouse): Promise<void> {
  await hands.pickFromList(page.getByRole('combobox', { name: 'Operator' }), search, name);
}

beforeAll(async () => {
  const operators = await api<Operator[]>(`/bbps/prod/${encodeURIComponent('Mobile Prepaid')}`);
  const found = operators.find((operator) => /\bjio\b/i.test(operator.billerName));
  if (!found) throw new Error('The network has no Jio prepaid operator');
  jio = found;
  plan = planWithOwnPrice(
    await api<Plan[]>('/bbps/prod/circle', { billerId: jio.billerId, circle: 'Mumbai' }),
  );
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('recharging a mobile number', () => {
  it('a signed-in user recharges a Jio number in Mumbai by typing a plan price, with the keyboard alone', async () => {
    const { page } = browser;
    await signInThroughApi(page, apiUrl, sandboxUrl);
    await page.goto(`${apiUrl}/services/recharge/Mobile%20Prepaid`);
    await page.getByRole('heading', { name: 'Mobile Recharge' }).waitFor();

    await keyboard.fill(page.getByLabel('Mobile Number'), mobileNumber);
    await chooseOperator(page, 'jio', jio.billerName, keyboard);
    const circle = page.getByLabel('Circle');
    await expect.poll(() => circle.isEnabled()).toBe(true);
    await keyboard.selectOption(circle, 'Mumbai');
    await page.getByRole('grid', { name: 'Plans' }).waitFor();

    await keyboard.fill(page.getByLabel('Amount'), String(plan.amountInRupees));
    await page.getByText(`Selected Plan: ${plan.planDescription}`).waitFor();
    expect(await page.getByText(`Plan Validity: ${plan.categoryType}`).isVisible()).toBe(true);
    expect(await page.getByRole('row', { selected: true }).textContent()).toContain(
      `Rs. ${plan.amountInRupees}`,
    );

    await keyboard.activate(page.getByRole('button', { name: 'Proceed' }));
    await page.waitForURL(`${apiUrl}/payment-selection`);
    const state = (await page.evaluate(() => window.history.state?.usr)) as PaymentState;
    expect(state.plan).toMatchObject({
      id: plan.Id,
      categoryType: plan.categoryType,
      amountInRupees: plan.amountInRupees,
    });
    expect(state.amount).toBe(plan.amountInRupees);
    expect(state.biller.billerId).toBe(jio.billerId);
    expect(state.validationRes.respCode).toBe(1);
    expect(state.validationReq.planId).toBe(plan.Id);
    expect(state.validationReq.billDetails.customerParams).toContainEqual({
      name: 'Mobile Number',
      value: mobileNumber,
    });
  });

  it("shows the network's reason when it refuses the number, and stays on the form", async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/services/recharge/Mobile%20Prepaid`);
    // As autofill gives it: the whole number, spaced, at once.
    await page.getByLabel('Mobile Number').fill('98765 40001');
    expect(await page.getByLabel('Mobile Number').inputValue()).toBe('9876540001');
    await chooseOperator(page, 'jio', jio.billerName);
    const circle = page.getByLabel('Circle');
    await expect.poll(() => circle.isEnabled()).toBe(true);
    await circle.selectOption('Mumbai');
    await page.getByLabel('Amount').fill(String(plan.amountInRupees));
    await page.getByText(`Selected Plan: ${plan.planDescription}`).waitFor();
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid customer account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/services/recharge/Mobile%20Prepaid');
  });

  it('a logged-out visitor is asked to log in and sent back to the recharge form', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${apiUrl}/services/recharge/Mobile%20Prepaid`);
    await page.getByLabel('Mobile Number').fill(mobileNumber);
    await chooseOperator(page, 'JIO', jio.billerName);
    const circle = page.getByLabel('Circle');
    await expect.poll(() => circle.isEnabled()).toBe(true);
    await circle.selectOption('Mumbai');
    await page.getByLabel('Amount').fill(String(plan.amountInRupees));
    await page.getByRole('button', { name: 'Proceed' }).click();

    const dialog = page.getByRole('dialog', { name: 'Please login to continue' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/services/recharge/Mobile%20Prepaid');
  });
});
