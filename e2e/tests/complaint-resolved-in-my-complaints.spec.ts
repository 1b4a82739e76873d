import { LANGUAGES, type Language } from '@erti/contracts/languages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseGatewayOutcome, orderIdOf } from '../support/bill-payment.ts';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { catalogueReady } from '../support/catalogue.ts';
import { catalogueOf } from '../support/catalogues.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';
import { screenshotForReview } from '../support/screenshots.ts';
import { type RunningSystem, startSystem } from '../support/servers.ts';
import { signInThroughApi } from '../support/session.ts';

/**
 * Issue 36 item 5 (decision 114): a complaint raised about a payment is resolved by the bill network,
 * the api learns it by itself (its hourly tracking job), the payer gets one mail with the resolution
 * in their language, and My complaints in the account menu shows it resolved. A system of its own
 * with the test clock (decision 073): the network resolves a complaint two minutes after it is raised,
 * on its clock; the api asks an hour later, on its own.
 */
let system: RunningSystem;
let biller: FetchBiller;

beforeAll(async () => {
  system = await startSystem({ WEB_DIST_DIR: inject('webDist'), TEST_CLOCK: 'true' });
  await catalogueReady(system.apiUrl);
  biller = await findFetchBiller(system.apiUrl);
});
afterAll(async () => {
  await system?.stop();
});

async function advanceClock(base: string, ms: number): Promise<void> {
  const response = await fetch(`${base}/__test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!response.ok) throw new Error(`${base}/__test/clock answered ${response.status}`);
}

/** The switch is labelled in the language the site speaks when it is used: any of them. */
const switchLabel = new RegExp(
  `^(${LANGUAGES.map((language) => catalogueOf(language)('app.language.label')).join('|')})$`,
);

/** The subject of the resolution mail in each language (the api's catalogue, `complaints.resolved.subject`). */
const resolvedSubject: Partial<Record<Language, string>> = {
  en: 'Complaint resolved: ',
  hi: 'शिकायत का समाधान हो गया: ',
};

describe.each([
  ['English', 'en', '8801'],
  ['Hindi', 'hi', '8802'],
] as const)('a complaint that closes the loop, in %s', (_name, language, numberEnd) => {
  const say = catalogueOf(language);
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is raised, resolved by the network, mailed once and shown resolved in My complaints', async () => {
    const { apiUrl, sandboxUrl } = system;
    const { page } = browser;
    const user = await signInThroughApi(page, apiUrl, sandboxUrl);
    // The switch, signed in, also makes it the account's language: the one its mails are in.
    await page.goto(`${apiUrl}/`);
    await page.getByRole('navigation', { name: /.+/ }).first().getByLabel(switchLabel).selectOption(language);
    await page.locator(`html[lang="${language}"]`).waitFor();

    // Pays a bill and raises a complaint about it from its receipt.
    const entry = `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;
    await page.goto(`${apiUrl}${entry}`);
    await page.getByLabel(biller.paramName, { exact: true }).fill(biller.customerNumber(numberEnd));
    await page.getByRole('button', { name: say('bills.entry.submit') }).click();
    await page.getByRole('heading', { name: say('bills.details.title') }).waitFor();
    await page.getByRole('button', { name: say('bills.details.proceed') }).click();
    await page.waitForURL(`${apiUrl}/payment-selection`);
    await page.getByRole('button', { name: say('payments.selection.payu') }).click();
    await page.waitForURL(`${sandboxUrl}/payu/**`);
    await chooseGatewayOutcome(page, 'Success');
    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    await page.getByText(say('payments.receipt.txnId'), { exact: true }).waitFor({ timeout: 30_000 });
    const txnReferenceId =
      (await page.locator(`dt:has-text("${say('payments.receipt.txnId')}") + dd`).textContent()) ?? '';
    expect(txnReferenceId).toMatch(/^[A-Z0-9]{20}$/);
    await page.goto(`${apiUrl}/receipt/${orderId}`);
    await page.getByRole('link', { name: say('payments.receipt.raiseComplaint') }).click();
    await page.waitForURL(`${apiUrl}/complaint`);
    const form = page.getByRole('form', { name: say('complaints.tabs.raise') });
    await form
      .getByLabel(say('complaints.raise.queryType'))
      .selectOption({ label: say('complaints.queryType.debitedNoConfirmation') });
    await form.getByLabel(say('complaints.raise.contactNumber')).fill(user.phone);
    const via = form.getByLabel(say('complaints.raise.initiatedVia'));
    if (!(await via.inputValue())) await via.fill('Erti Pay');
    await form.getByRole('button', { name: say('complaints.raise.submit') }).click();
    await page.getByRole('heading', { name: say('complaints.raise.registeredTitle') }).waitFor();
    const complaintId =
      (await page.locator(`dt:has-text("${say('complaints.facts.complaintId')}") + dd`).textContent()) ?? '';
    expect(complaintId).toMatch(/^CC01\d{11}$/);

    // My complaints, from the account menu: open, assigned, said in plain words (no "BBPOU").
    await page.getByRole('button', { name: say('nav.accountMenu.label') }).click();
    await page.getByRole('menuitem', { name: say('nav.accountMenu.myComplaints') }).click();
    await page.waitForURL(`${apiUrl}/my-complaints`);
    const card = page.getByRole('article', { name: say('complaints.status.resultTitle', { complaintId }) });
    await card.getByText(say('complaints.status.assigned'), { exact: true }).waitFor();
    expect(await card.getByText(say('complaints.meaning.assigned')).isVisible()).toBe(true);
    expect(await card.getByText(txnReferenceId).isVisible()).toBe(true);
    expect(await page.getByText(/BBPOU/).count()).toBe(0);
    await screenshotForReview(page, `${language}-my-complaints-open`);

    // The network resolves it; the api's hourly tracking learns it with no one asking.
    await advanceClock(sandboxUrl, 3 * 60_000);
    await advanceClock(apiUrl, 61 * 60_000);
    const subject = resolvedSubject[language] ?? '';
    const mail = await waitForMail(sandboxUrl, user.email, `${subject}${complaintId}`);
    expect(mail.text).toContain(txnReferenceId);
    expect(mail.text).toContain(`the biller confirmed transaction ${txnReferenceId}`);
    expect(mail.text).toContain(`${apiUrl}/my-complaints`);

    await page.reload();
    await card.getByText(say('complaints.status.resolved'), { exact: true }).waitFor();
    expect(await card.getByText(say('complaints.meaning.resolved')).isVisible()).toBe(true);
    expect(
      await card.getByText(`Resolved: the biller confirmed transaction ${txnReferenceId}`).isVisible(),
    ).toBe(true);
    await screenshotForReview(page, `${language}-my-complaints-resolved`);

    // Another hour: nothing new to learn, and no second mail.
    await advanceClock(apiUrl, 61 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const resolutions = (await mailsTo(sandboxUrl, user.email)).filter((each) =>
      each.subject.startsWith(subject),
    );
    expect(resolutions).toHaveLength(1);
  });
});
