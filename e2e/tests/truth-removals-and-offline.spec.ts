import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { billerIdOf, fetchBillInBrowser, findBillCustomer, todayInIndia } from '../support/bill-customers.ts';
import { type BrowserSession, openBrowser, type Page } from '../support/browser.ts';
import { catalogueOf } from '../support/catalogues.ts';
import { type FetchBiller, findFetchBiller } from '../support/fetch-biller.ts';
import { chooseDeviceLanguage } from '../support/language.ts';
import { screenshotForReview } from '../support/screenshots.ts';
import { type SignedInUser, signInThroughApi } from '../support/session.ts';

/**
 * Issue 36 items 4 and 6, read as the customer reads them, in English and in Hindi or Tamil: Remove
 * and Cancel AutoPay ask first, a bill AutoPay pays says why it cannot go (the api's reason, in the
 * customer's language), a fetched bill past its due date says so, a screen that did not load offline
 * loads by itself when the network is back, and the home banner has its picture offline.
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');

let biller: FetchBiller;
beforeAll(async () => {
  biller = await findFetchBiller(apiUrl);
});

/** A browser for one test, closed after it. */
function browserPerTest(options: Parameters<typeof openBrowser>[0] = {}) {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    Object.assign(session, await openBrowser(options));
  });
  afterAll(async () => {
    await session.close?.();
  });
  return session;
}

/** A bill of `biller` in My Bills as `nickname`, added through the api. */
async function addMyBill(user: SignedInUser, customerNumber: string, nickname: string): Promise<void> {
  const response = await fetch(`${apiUrl}/api/my-bills`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.Token}` },
    body: JSON.stringify({
      billerId: await billerIdOf(apiUrl, biller),
      customerParams: [{ name: biller.paramName, value: customerNumber }],
      nickname,
    }),
  });
  if (!response.ok) throw new Error(`POST /api/my-bills answered ${response.status}`);
}

/** The entry's AutoPay turned on at PhonePe's mandate page, from My Bills in the site's language. */
async function turnOnAutopay(page: Page, t: ReturnType<typeof catalogueOf>, nickname: string) {
  const autopay = page.getByRole('region', { name: t('my-bills.autopay.label', { nickname }) });
  await autopay.getByRole('button', { name: t('my-bills.autopay.turnOn') }).click();
  await autopay.getByLabel(t('my-bills.autopay.cap')).fill('14000');
  await autopay
    .getByRole('button', { name: t('my-bills.autopay.continueTo', { gateway: 'PhonePe' }) })
    .click();
  await page.waitForURL(`${sandboxUrl}/phonepe/mandate-page/**`);
  await page.getByRole('button', { name: 'Approve AutoPay' }).click();
  await page.waitForURL(`${apiUrl}/my-bills?autopay=**`);
  const on = t('my-bills.autopay.state', { state: t('my-bills.autopay.stateOn') });
  await autopay.getByText(on).waitFor();
  return autopay;
}

describe.each(['en', 'hi'] as const)('My Bills in %s: nothing is removed by accident', (language) => {
  const browser = browserPerTest({ mobile: true });
  const t = catalogueOf(language);

  it('asks before Remove and Cancel AutoPay, and says why a bill with AutoPay stays', async () => {
    const { page } = browser;
    const user = await signInThroughApi(page, apiUrl, sandboxUrl);
    const { customerNumber } = await findBillCustomer(apiUrl, user, biller, 'due later');
    const nickname = `Home ${language}`;
    await addMyBill(user, customerNumber, nickname);
    await chooseDeviceLanguage(page, apiUrl, language);
    await page.goto(`${apiUrl}/my-bills`);
    const card = page.getByRole('article').filter({ hasText: nickname });
    await card.waitFor();
    const autopay = await turnOnAutopay(page, t, nickname);

    // The next debit's time as the language says it: no Latin am/pm in Hindi.
    const stateLine = t('my-bills.autopay.state', { state: t('my-bills.autopay.stateOn') });
    const nextDebit = autopay.locator('p').filter({ hasText: /₹/ }).filter({ hasNotText: stateLine });
    await nextDebit.waitFor();
    const debitLine = (await nextDebit.textContent()) ?? '';
    if (language === 'hi') {
      expect(debitLine).not.toMatch(/\b(am|pm|AM|PM)\b/);
      expect(debitLine).toMatch(/सुबह|दोपहर|शाम|रात/);
    } else expect(debitLine).toMatch(/\d:\d\d (am|pm) IST/);

    // Remove asks first; keeping it changes nothing.
    const remove = card.getByRole('button', { name: t('my-bills.card.removeLabel', { nickname }) });
    await remove.click();
    const removeDialog = page.getByRole('dialog', { name: t('my-bills.remove.title', { nickname }) });
    await removeDialog.waitFor();
    await screenshotForReview(page, `my-bills-remove-asks-${language}`);
    await removeDialog.getByRole('button', { name: t('my-bills.remove.keep') }).click();
    await removeDialog.waitFor({ state: 'detached' });
    expect(await card.isVisible()).toBe(true);

    // Removing it while AutoPay is on: the api's reason, in the customer's language.
    await remove.click();
    await removeDialog.getByRole('button', { name: t('my-bills.remove.confirm') }).click();
    await page.getByText(t('api-errors.myBills.cancelAutopayFirst')).waitFor();
    expect(await page.getByText(t('my-bills.card.removeFailed')).count()).toBe(0);
    await screenshotForReview(page, `my-bills-remove-autopay-reason-${language}`);
    expect(await card.isVisible()).toBe(true);

    // Cancel AutoPay asks first too; then AutoPay is off.
    await autopay.getByRole('button', { name: t('my-bills.autopay.cancelLabel', { nickname }) }).click();
    const cancelDialog = page.getByRole('dialog', { name: t('my-bills.cancelAutopay.title', { nickname }) });
    await cancelDialog.waitFor();
    await screenshotForReview(page, `my-bills-cancel-autopay-asks-${language}`);
    await cancelDialog.getByRole('button', { name: t('my-bills.cancelAutopay.confirm') }).click();
    await autopay.getByText(t('my-bills.autopay.state', { state: t('my-bills.autopay.stateOff') })).waitFor();

    // Now Remove, confirmed, removes it.
    await remove.click();
    await removeDialog.getByRole('button', { name: t('my-bills.remove.confirm') }).click();
    await card.waitFor({ state: 'detached' });
  });
});

describe.each(['en', 'ta'] as const)('a fetched bill past its due date, in %s', (language) => {
  const browser = browserPerTest({ mobile: true });
  const t = catalogueOf(language);

  it('says it is overdue on the bill confirmation', async () => {
    const { page } = browser;
    const user = await signInThroughApi(page, apiUrl, sandboxUrl);
    const overdue = await findBillCustomer(apiUrl, user, biller, 'overdue');
    expect(overdue.dueDate < todayInIndia()).toBe(true);
    await chooseDeviceLanguage(page, apiUrl, language);
    await fetchBillInBrowser(page, apiUrl, biller, overdue.customerNumber, t);
    const note = page.getByRole('note').filter({ hasText: t('bills.details.overdueBadge') });
    await note.waitFor();
    await screenshotForReview(page, `bill-overdue-${language}`);

    // A bill not yet due says nothing of the kind.
    const later = await findBillCustomer(apiUrl, user, biller, 'due later');
    await fetchBillInBrowser(page, apiUrl, biller, later.customerNumber, t);
    expect(await page.getByText(t('bills.details.overdueBadge')).count()).toBe(0);
  });
});

describe.each(['en', 'ta'] as const)('offline, in %s', (language) => {
  const t = catalogueOf(language);

  describe('a screen whose code did not load', () => {
    // No service worker: its precache would hold every screen's code (a phone's first visit, or a
    // browser that runs none).
    const browser = browserPerTest({ mobile: true, serviceWorkers: 'block' });

    it('says so in the language and loads by itself when the network is back', async () => {
      const { page, context } = browser;
      await chooseDeviceLanguage(page, apiUrl, language);
      await page.goto(`${apiUrl}/`);
      await context.setOffline(true);
      await page.getByRole('button', { name: t('app.nav.menu'), exact: true }).click();
      await page
        .locator('#mobile-menu')
        .getByRole('link', { name: t('app.nav.about') })
        .click();
      await page
        .getByRole('alert')
        .filter({ hasText: t('app.error.screenNotLoaded') })
        .waitFor();
      await screenshotForReview(page, `screen-not-loaded-offline-${language}`);

      await context.setOffline(false);
      await page
        .getByRole('heading', { name: t('pages.about.title'), level: 1 })
        .waitFor({ timeout: 30_000 });
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: t('app.error.screenNotLoaded') })
          .count(),
      ).toBe(0);
    });
  });

  describe('the home page', () => {
    const browser = browserPerTest({ mobile: true });

    it('shows the banner with its picture', async () => {
      const { page, context } = browser;
      await chooseDeviceLanguage(page, apiUrl, language);
      await page.goto(`${apiUrl}/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      // The precache is filled when the worker installs, before it takes the page.
      await context.setOffline(true);
      await page.reload();
      const picture = page.locator('img[src^="/images/banners/"]').first();
      await picture.waitFor();
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      await screenshotForReview(page, `home-banner-offline-${language}`);
      await context.setOffline(false);
    });
  });
});
