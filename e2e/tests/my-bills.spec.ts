import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { waitForMail } from '../support/mailbox.ts';
import { openAccountMenuItem, type SignedInUser, signInThroughApi } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');

let browser: BrowserSession;
let biller: FetchBiller;
let user: SignedInUser;

beforeAll(async () => {
  browser = await openBrowser();
  biller = await findFetchBiller(apiUrl);
  user = await signInThroughApi(browser.page, apiUrl, sandboxUrl);
});
afterAll(async () => {
  await browser?.close();
});

describe('My Bills', () => {
  it('adds a fetched bill, mails it with Pay now, and turns its reminders off from the mail', async () => {
    const { page } = browser;
    const path = `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;
    await page.goto(`${apiUrl}${path}`);
    await page.getByLabel(biller.paramName, { exact: true }).fill(biller.customerNumber('4321'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('BILLER DETAILS').waitFor();

    await page.getByRole('button', { name: 'Add to My Bills' }).click();
    await page.getByLabel('Nickname').fill('Home e2e');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Added to My Bills as “Home e2e”' }).waitFor();

    // The bill is already there: its new-bill mail goes out within a minute.
    const mail = await waitForMail(sandboxUrl, user.email, 'New bill for Home e2e');
    expect(mail.text).toContain(`Biller: ${biller.billerName}`);
    expect(mail.text).toMatch(/Amount: ₹/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const payNow = /Pay now: (\S+)/.exec(mail.text)?.[1];
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(payNow).toMatch(new RegExp(`^${apiUrl}/billerdetails\\?myBill=mbl_`));
    expect(unsubscribe).toMatch(new RegExp(`^${apiUrl}/api/my-bills/unsubscribe\\?token=`));

    // Pay now opens the bill confirmation with that bill, fetched afresh.
    await page.goto(payNow ?? '');
    await page.getByText('BILLER DETAILS').waitFor();
    await page.waitForURL(`${apiUrl}/billerdetails`);
    expect(await page.getByText(biller.billerName).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Proceed to Pay' }).isVisible()).toBe(true);

    // The unsubscribe link asks first (a GET changes nothing), then its button posts the one click.
    await page.goto(unsubscribe ?? '');
    await page.getByRole('heading', { name: 'Stop reminders?' }).waitFor();
    await page.getByRole('button', { name: 'Stop reminders' }).click();
    await page.getByRole('heading', { name: 'Reminders stopped' }).waitFor();

    await page.goto(apiUrl);
    await openAccountMenuItem(page, 'My Bills');
    await page.waitForURL(`${apiUrl}/my-bills`);
    const card = page.getByRole('article').filter({ hasText: 'Home e2e' });
    await card.getByRole('switch', { name: 'Remind me: Off' }).waitFor();
    expect(await card.getByRole('link', { name: 'Pay now' }).isVisible()).toBe(true);
  });
});
