import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { keyboard } from '../support/keyboard.ts';

const apiUrl = inject('apiUrl');
let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('routes in a real browser', () => {
  it('deep-links a spec route and shows the app shell', async () => {
    const response = await browser.page.goto(`${apiUrl}/services`);
    expect(response?.status()).toBe(200);
    await browser.page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await browser.page.getByRole('link', { name: 'About' }).isVisible()).toBe(true);
  });

  it('shows the error screen on an unknown route, and the keyboard leads home from it', async () => {
    await browser.page.goto(`${apiUrl}/no/such/page`);
    await browser.page.getByText('Unexpected Application Error!').waitFor();
    await keyboard.activate(browser.page.getByRole('link', { name: 'Go to home' }));
    await browser.page.waitForURL(`${apiUrl}/`);
  });

  it('serves /register as the sign-up screen', async () => {
    await browser.page.goto(`${apiUrl}/register`);
    expect(await browser.page.title()).toContain('Erti Pay');
    expect(await browser.page.getByText('Unexpected Application Error!').count()).toBe(0);
  });
});
