import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogueWordsByLanguage } from '@erti/contracts/catalogue-words';
import { LANGUAGES, type Language } from '@erti/contracts/languages';
import type { Page } from 'playwright-core';
import { createIntl } from 'react-intl';

const webLocales = fileURLToPath(new URL('../../apps/web/src/locales/', import.meta.url));
const apiLocales = fileURLToPath(new URL('../../apps/api/src/locales/', import.meta.url));

type Values = Record<string, string | number>;

/** A namespace of one language: its file, or the service catalogue's words (contracts, decision 116). */
function namespaceOf(language: Language, namespace: string, localesDir: string): Record<string, string> {
  if (localesDir === webLocales && namespace === 'catalogue') return catalogueWordsByLanguage[language];
  return JSON.parse(readFileSync(`${localesDir}${language}/${namespace}.json`, 'utf8'));
}

/**
 * The web site's words in one language, read from its catalogues (`locales/<language>/<namespace>.json`):
 * `say('bills.entry.submit')`, with ICU values when the message takes them. A journey in Hindi or
 * Tamil looks for what the screen should say in that language rather than for copied text.
 */
export function catalogueOf(language: Language, localesDir = webLocales) {
  const messages: Record<string, string> = {};
  return (id: string, values?: Values): string => {
    const [namespace = ''] = id.split('.');
    if (!Object.keys(messages).some((key) => key.startsWith(`${namespace}.`))) {
      const file = namespaceOf(language, namespace, localesDir);
      for (const [key, text] of Object.entries(file)) messages[`${namespace}.${key}`] = String(text);
    }
    if (!(id in messages)) throw new Error(`No message ${id} in ${language}`);
    return createIntl({ locale: language, messages }).formatMessage({ id }, values);
  };
}

/** One language's words in a catalogue, filled with values. */
export type Catalogue = ReturnType<typeof catalogueOf>;

/** The api's words in one language (its mails, `apps/api/src/locales`): `mailCatalogueOf('hi')('orders.success.subject', ...)`. */
export const mailCatalogueOf = (language: Language): Catalogue => catalogueOf(language, apiLocales);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A whole message as a pattern, for the values a journey cannot know to the letter (a time, an
 * amount): those in `patterns` match their regular expression, the rest of the text as written.
 */
export function messagePattern(
  say: Catalogue,
  id: string,
  values: Values,
  patterns: Record<string, string>,
): RegExp {
  const marks = Object.keys(patterns).map((name, index) => [name, `\u0001${index}\u0001`] as const);
  let source = escapeRegExp(say(id, { ...values, ...Object.fromEntries(marks) }));
  for (const [name, mark] of marks) source = source.replace(mark, `(?:${patterns[name]})`);
  return new RegExp(`^${source}$`);
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

/** The switch is labelled in the language the site speaks when it is used: any of them. */
const switchLabel = new RegExp(
  `^(${LANGUAGES.map((language) => catalogueOf(language)('app.language.label')).join('|')})$`,
);

/**
 * A signed-in customer picks the language with the switch in the navigation bar, which also saves it
 * to their profile (the language of their mails, decision 090): waits for the site to speak it and
 * for the profile to have it.
 */
export async function chooseAccountLanguage(page: Page, apiUrl: string, language: Language): Promise<void> {
  await page.goto(`${apiUrl}/`);
  const saved = page.waitForResponse(
    (response) => response.url() === `${apiUrl}/api/users/language` && response.request().method() === 'PUT',
  );
  await page.getByRole('navigation', { name: /.+/ }).first().getByLabel(switchLabel).selectOption(language);
  await page.locator(`html[lang="${language}"]`).waitFor();
  const answer = await saved;
  if (!answer.ok()) throw new Error(`PUT /api/users/language answered ${answer.status()}`);
}
