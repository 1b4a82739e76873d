import type { Language } from '@erti/contracts/languages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchBillInBrowser, findBillCustomer } from '../support/bill-customers.ts';
import { chooseGatewayOutcome, downloadReceipt, orderIdOf } from '../support/bill-payment.ts';
import { type BrowserSession, openBrowser, type Page } from '../support/browser.ts';
import { type Catalogue, catalogueOf, mailCatalogueOf } from '../support/catalogues.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { chooseDeviceLanguage } from '../support/language.ts';
import { lettersOf, pdfFact, pdfTextOf } from '../support/pdf-text.ts';
import { fileForReview, screenshotForReview } from '../support/screenshots.ts';
import { signInThroughApi } from '../support/session.ts';

/**
 * Issue 36 item 7: every word in the customer's language and layout. On phones of 320 and 390 px, in
 * each language, a label of the bill confirmation and the payment summary wraps without touching its
 * value; the words the site itself writes (the recharge's Mobile Number, Circle and plan, the
 * category, the menus' screen-reader names) are in the language, and only what the network sends
 * stays as sent: on the payment summary, and on a recharge's receipt and its PDF (decision 116).
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const PHONES = [320, 390];
const SCRIPTS: Record<Exclude<Language, 'en'>, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
};

let browser: BrowserSession;
let biller: FetchBiller;
beforeAll(async () => {
  browser = await openBrowser({ mobile: true });
  biller = await findFetchBiller(apiUrl);
});
afterAll(async () => {
  await browser?.close();
});

interface Row {
  label: string;
  value: string;
  /** How far the label's text comes within the value's text (px), where they share a line; below 0 when apart. */
  closest: number;
}

/**
 * Each `<dt>` of `list` with the `<dd>` after it: the boxes of their words (a Range's line boxes, so
 * a word that overflows its cell counts where it is drawn), and how near they come on a shared line.
 */
function rowsOf(page: Page, list: string): Promise<Row[]> {
  return page.locator(list).evaluate((root) => {
    const linesOf = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
    };
    return Array.from(root.querySelectorAll('dt')).map((term) => {
      const value = term.nextElementSibling as Element;
      let closest = Number.NEGATIVE_INFINITY;
      for (const a of linesOf(term)) {
        for (const b of linesOf(value)) {
          const shareALine = a.top < b.bottom && b.top < a.bottom;
          if (shareALine) closest = Math.max(closest, Math.min(a.right, b.right) - Math.max(a.left, b.left));
        }
      }
      return { label: term.textContent ?? '', value: value.textContent ?? '', closest };
    });
  });
}

/** At each phone width: no label within 4 px of its value, and nothing wider than the screen. */
async function labelsKeepApart(page: Page, list: string, name: string): Promise<void> {
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: 800 });
    const rows = await rowsOf(page, list);
    expect(rows.length).toBeGreaterThan(2);
    expect(
      rows.filter((row) => row.closest > -4),
      `${name} at ${width} px`,
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBe(
      width,
    );
    await screenshotForReview(page, `${name}-${width}px`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

describe.each(['en', 'hi', 'ta'] as const)('the bill confirmation in %s', (language) => {
  const t = catalogueOf(language);

  it('wraps each label without touching its value at 320 and 390 px', async () => {
    const { page } = browser;
    const user = await signInThroughApi(page, apiUrl, sandboxUrl);
    const { customerNumber } = await findBillCustomer(apiUrl, user, biller, 'due later');
    await chooseDeviceLanguage(page, apiUrl, language);
    await fetchBillInBrowser(page, apiUrl, biller, customerNumber, t);
    // The customer's name is the row the issue saw run into its label in Tamil.
    await page.getByText(t('bills.details.customerName'), { exact: true }).waitFor();
    await labelsKeepApart(page, 'main dl >> nth=0', `bill-confirmation-${language}`);
  });
});

/**
 * A signed-in customer's Jio recharge in Mumbai in the language, up to the payment summary: a plan
 * with a price no other Mumbai plan has, typed as the amount. Gives the plan's id.
 */
async function rechargeToSummary(page: Page, language: Language, t: Catalogue): Promise<string> {
  await signInThroughApi(page, apiUrl, sandboxUrl);
  const operators = (await (await fetch(`${apiUrl}/api/bbps/prod/Mobile%20Prepaid`)).json()) as {
    billerId: string;
    billerName: string;
  }[];
  const jio = operators.find((operator) => /\bjio\b/i.test(operator.billerName));
  if (!jio) throw new Error('The network has no Jio prepaid operator');
  const plans = (await (
    await fetch(`${apiUrl}/api/bbps/prod/circle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ billerId: jio.billerId, circle: 'Mumbai' }),
    })
  ).json()) as { Id: string; amountInRupees: number }[];
  // A price no other Mumbai plan has: typing it picks that plan.
  const plan = plans.find(
    (one) => plans.filter((other) => other.amountInRupees === one.amountInRupees).length === 1,
  );
  if (!plan) throw new Error('No Mumbai plan with a price of its own');
  await chooseDeviceLanguage(page, apiUrl, language);
  await page.goto(`${apiUrl}/services/recharge/Mobile%20Prepaid`);
  await page.getByLabel(t('recharge.mobile.mobileNumber'), { exact: true }).fill('9876543210');
  const operator = page.getByRole('combobox', { name: t('recharge.mobile.operator') });
  await operator.click();
  await operator.fill('jio');
  await page.getByRole('option', { name: jio.billerName, exact: true }).click();
  const circle = page.getByLabel(t('recharge.plans.circle'), { exact: true });
  await expect.poll(() => circle.isEnabled()).toBe(true);
  await circle.selectOption('Mumbai');
  await page.getByLabel(t('payments.progress.amount'), { exact: true }).fill(String(plan.amountInRupees));
  // The plans have loaded and the price picked its plan.
  await page.getByText(t('recharge.plans.selectedPlan')).waitFor();
  await page.getByRole('button', { name: t('recharge.proceed') }).click();
  await page.waitForURL(`${apiUrl}/payment-selection`);
  return plan.Id;
}

/** The site's own words for a mobile recharge's rows, which the network did not name. */
describe.each(['hi', 'ta'] as const)('a mobile recharge in %s', (language) => {
  const t = catalogueOf(language);

  it('names every row of the payment summary in the language, apart at 320 and 390 px', async () => {
    const { page } = browser;
    await rechargeToSummary(page, language, t);
    const summary = page.getByRole('region', { name: t('payments.summary.title') });
    await summary.getByText(t('payments.summary.convenienceFee')).waitFor();

    const labels = await summary.locator('dt').allTextContents();
    expect(labels.filter((label) => !SCRIPTS[language].test(label))).toEqual([]);
    expect(labels).toEqual(
      expect.arrayContaining([
        t('bills.param.mobileNumber'),
        t('bills.param.circle'),
        t('bills.param.planId'),
      ]),
    );
    const category = summary.locator('dt', { hasText: t('payments.receipt.category') }).locator('+ dd');
    expect(await category.textContent()).toBe(t('catalogue.Mobile Prepaid'));
    await labelsKeepApart(page, 'main section dl', `recharge-summary-${language}`);
  });

  it("pays it, and its receipt and the receipt's PDF name the category, number, circle and plan in the language", async () => {
    const { page } = browser;
    const planId = await rechargeToSummary(page, language, t);
    await page.getByRole('button', { name: t('payments.selection.payu') }).click();
    await page.waitForURL(`${sandboxUrl}/payu/**`);
    await chooseGatewayOutcome(page, 'Success');
    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    await page.goto(`${apiUrl}/receipt/${orderId}`);
    await page.getByRole('heading', { name: t('payments.receipt.title') }).waitFor();

    const receipt = page.locator('#receipt dl');
    const line = (label: string) => receipt.locator(`dt:text-is("${label}") + dd`).textContent();
    expect(await line(t('payments.receipt.category'))).toBe(t('catalogue.Mobile Prepaid'));
    expect(await line(t('bills.param.mobileNumber'))).toBe('9876543210');
    // The circle's name is the network's; the label is the site's.
    expect(await line(t('bills.param.circle'))).toBe('Mumbai');
    expect(await line(t('bills.param.planId'))).toBe(planId);
    const labels = await receipt.locator('dt').allTextContents();
    expect(labels.filter((label) => !SCRIPTS[language].test(label))).toEqual([]);
    // The plan once: no second line repeats its id.
    expect(await receipt.getByText(planId, { exact: true }).count()).toBe(1);
    expect(await line(t('payments.receipt.dateTime'))).toMatch(new RegExp(` ${t('app.time.zone')}$`));
    await screenshotForReview(page, `recharge-receipt-${language}`);

    const pdf = await downloadReceipt(page, orderId, undefined, t('payments.receipt.downloadPdf'));
    fileForReview(`recharge-receipt-${language}.pdf`, Buffer.from(pdf, 'latin1'));
    const text = await pdfTextOf(Buffer.from(pdf, 'latin1'));
    const onPdf = mailCatalogueOf(language);
    const fact = (id: string) => pdfFact(text, onPdf(id)) ?? '';
    expect(lettersOf(fact('receipt.category'))).toBe(lettersOf(t('catalogue.Mobile Prepaid')));
    expect(fact('receipt.param.mobileNumber')).toBe('9876543210');
    expect(fact('receipt.param.circle')).toBe('Mumbai');
    expect(fact('receipt.param.planId')).toBe(planId);
    expect(text).not.toMatch(/Mobile Prepaid|Mobile Number|Circle|\bId\b|\bIST\b/);
  });
});

describe.each(['hi', 'ta'] as const)('the navigation bar in %s', (language) => {
  it("names its menus for a screen reader in the language's own words", async () => {
    const { page } = browser;
    await signInThroughApi(page, apiUrl, sandboxUrl);
    await chooseDeviceLanguage(page, apiUrl, language);
    await page.goto(`${apiUrl}/`);
    const nav = page.getByRole('navigation', { name: catalogueOf(language)('app.nav.label') });
    const account = nav.getByRole('button', { name: catalogueOf(language)('nav.accountMenu.label') });
    await account.waitFor();
    const names = await nav
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThanOrEqual(2);
    // Neither English nor English in the language's letters ("मेन्यू", "மெனு").
    expect(
      names.filter((name) => /[A-Za-z]|मेन्यू|मेनू|மெனு/.test(name) || !SCRIPTS[language].test(name)),
    ).toEqual([]);
  });
});
