import type { Language } from '@erti/contracts/languages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, type Page } from '../support/browser.ts';
import { messageOf } from '../support/catalogues.ts';
import { keyboard } from '../support/keyboard.ts';
import { lastMailId, waitForOtp } from '../support/mailbox.ts';

/**
 * The site in Hindi and Tamil (issue 26): the language picked through the switch in the navigation
 * bar, then a whole sign-up in that language; switching keeps what a form holds.
 */
const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');

let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function chooseLanguage(page: Page, from: Language, to: Language) {
  await page.getByRole('combobox', { name: messageOf(from, 'app.language.label') }).selectOption(to);
  await page.getByRole('combobox', { name: messageOf(to, 'app.language.label') }).waitFor();
}

describe.each(['hi', 'ta'] as const)('the site in %s', (language) => {
  const t = (id: string, values?: Record<string, string>) => messageOf(language, id, values);
  const field = (page: Page, id: string) => page.getByLabel(t(id), { exact: true });

  it('switches from the navigation bar: <html lang>, the title and the words follow', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/`);
    // A device with no choice: neither the site's storage nor the cookie the api picks pages by.
    await page.evaluate(() => localStorage.clear());
    await browser.context.clearCookies();
    await page.goto(`${apiUrl}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await chooseLanguage(page, 'en', language);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    expect(await page.title()).toBe(t('app.document.title'));
    const main = page.getByRole('navigation', { name: t('app.nav.label') });
    expect(await main.getByRole('link', { name: t('app.nav.about') }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: t('home.quickLinks.recharge') }).isVisible()).toBe(true);
    // Remembered on the device: a new page load opens in it.
    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
  });

  it('never makes a public page scroll sideways on a 360 px phone', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/`);
    const shown = (await page.locator('html').getAttribute('lang')) as Language;
    if (shown !== language) await chooseLanguage(page, shown, language);
    await page.setViewportSize({ width: 360, height: 800 });
    try {
      const wide: string[] = [];
      for (const path of [
        '/',
        '/services',
        '/about',
        '/contact',
        '/complaint',
        '/login',
        '/signup',
        '/terms',
      ]) {
        await page.goto(`${apiUrl}${path}`);
        await page.locator(`html[lang="${language}"]`).waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 360) wide.push(`${path}: ${width} px`);
      }
      // The contact page's Tamil title did, before a heading's word could break (index.css).
      expect(wide).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('keeps what a form holds when the language changes', async () => {
    const { page } = browser;
    await page.goto(`${apiUrl}/signup`);
    await field(page, 'accounts.field.username').fill('Asha Kumari');
    await chooseLanguage(page, language, 'en');
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('Asha Kumari');
    await chooseLanguage(page, 'en', language);
    expect(await field(page, 'accounts.field.username').inputValue()).toBe('Asha Kumari');
  });

  it('signs up in the language, with the OTP from the mailbox', async () => {
    const { page } = browser;
    const email = `i18n.${language}.${Date.now()}@example.com`;
    await page.goto(`${apiUrl}/`);
    await keyboard.activate(page.getByRole('link', { name: t('nav.accountMenu.signup') }));
    await page.getByRole('heading', { name: t('accounts.signup.title', { brand: 'Erti Pay' }) }).waitFor();
    await keyboard.fill(field(page, 'accounts.field.username'), 'Asha Kumari');
    await keyboard.fill(field(page, 'accounts.field.emailId'), email);
    const after = await lastMailId(sandboxUrl, email);
    await keyboard.activate(page.getByRole('button', { name: t('accounts.otp.send') }));
    const code = await waitForOtp(sandboxUrl, email, after);
    await keyboard.fill(field(page, 'accounts.field.enterOtp'), code);
    await keyboard.activate(page.getByRole('button', { name: t('accounts.otp.verify') }));
    // The field's status line; in Hindi and Tamil the toast says the same words.
    await page
      .getByRole('status')
      .filter({ hasText: t('accounts.otp.verified') })
      .waitFor();
    await keyboard.fill(field(page, 'accounts.field.phoneNumber'), '9876543210');
    await keyboard.fill(field(page, 'accounts.field.createPassword'), 'Bhasha1234');
    await keyboard.fill(field(page, 'accounts.field.retypePassword'), 'Bhasha1234');
    await keyboard.check(page.getByRole('checkbox'));
    await keyboard.activate(page.getByRole('button', { name: t('accounts.signup.submit') }));
    await page.getByText(t('spec.errors.signupSuccess')).waitFor();
    await page.waitForURL(`${apiUrl}/`, { timeout: 10_000 });
    await page.getByRole('button', { name: t('nav.accountMenu.label') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
  });
});
