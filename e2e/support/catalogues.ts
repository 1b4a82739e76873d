import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '@erti/contracts/languages';
import type { Page } from 'playwright-core';
import { createIntl } from 'react-intl';

const localesDir = fileURLToPath(new URL('../../apps/web/src/locales/', import.meta.url));

type Values = Record<string, string | number>;

/**
 * The web site's words in one language, read from its catalogues (`locales/<language>/<namespace>.json`):
 * `say('bills.entry.submit')`, with ICU values when the message takes them. A journey in Hindi or
 * Tamil looks for what the screen should say in that language rather than for copied text.
 */
export function catalogueOf(language: Language) {
  const messages: Record<string, string> = {};
  return (id: string, values?: Values): string => {
    const [namespace = ''] = id.split('.');
    if (!Object.keys(messages).some((key) => key.startsWith(`${namespace}.`))) {
      const file = JSON.parse(readFileSync(`${localesDir}${language}/${namespace}.json`, 'utf8'));
      for (const [key, text] of Object.entries(file)) messages[`${namespace}.${key}`] = String(text);
    }
    if (!(id in messages)) throw new Error(`No message ${id} in ${language}`);
    return createIntl({ locale: language, messages }).formatMessage({ id }, values);
  };
}

/** One message as a screen shows it (`accounts.field.username`), with its variables filled. */
export const messageOf = (language: Language, id: string, values?: Values): string =>
  catalogueOf(language)(id, values);

/**
 * The device's language choice as the language switch leaves it (the site's storage, and the cookie the
 * api picks prerendered pages and receipts by). Navigate or reload afterwards.
 */
export async function chooseDeviceLanguage(page: Page, apiUrl: string, language: Language): Promise<void> {
  if (!page.url().startsWith(apiUrl)) await page.goto(`${apiUrl}/`);
  await page.evaluate((chosen) => localStorage.setItem('erti_lang', chosen), language);
  await page.context().addCookies([{ name: 'erti_lang', value: language, url: apiUrl }]);
}
