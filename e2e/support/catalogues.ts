import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '@erti/contracts/languages';

const locales = fileURLToPath(new URL('../../apps/web/src/locales/', import.meta.url));

/**
 * A message of the web site's catalogues as a screen shows it (`accounts.field.username` in
 * `locales/<language>/accounts.json`), with `{name}` variables filled from `values`.
 */
export function messageOf(language: Language, id: string, values: Record<string, string> = {}): string {
  const [namespace = '', ...key] = id.split('.');
  const catalogue: Record<string, string> = JSON.parse(
    readFileSync(`${locales}${language}/${namespace}.json`, 'utf8'),
  );
  const message = catalogue[key.join('.')];
  if (message === undefined) throw new Error(`No message ${id} in ${language}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
