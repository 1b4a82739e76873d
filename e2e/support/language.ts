import type { Language } from '@erti/contracts/languages';
import type { Page } from 'playwright-core';

/**
 * The device's language choice, as the language switch leaves it: in the site's storage (the
 * browser's renders) and in the cookie the api picks prerendered pages by. Navigate afterwards.
 */
export async function chooseDeviceLanguage(page: Page, apiUrl: string, language: Language): Promise<void> {
  if (!page.url().startsWith(apiUrl)) await page.goto(`${apiUrl}/`);
  await page.evaluate((chosen) => localStorage.setItem('erti_lang', chosen), language);
  await page.context().addCookies([{ name: 'erti_lang', value: language, url: apiUrl }]);
}
