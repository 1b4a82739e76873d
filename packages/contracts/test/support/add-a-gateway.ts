import { cpSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Adds a payment gateway to a copy of the repository the way decision 125 tells a person to: each
 * tier's folder of an existing gateway (the template) copied under the new name, then that gateway's
 * lines in each tier's registry, and the words of its choice in each language's catalogue.
 */

/** Each tier's folder of a gateway. */
export const gatewayFolders = (gateway: string) => [
  `packages/contracts/src/gateways/${gateway}`,
  `packages/protocols/src/${gateway}`,
  `apps/api/src/integrations/${gateway}`,
  `apps/sandbox/src/${gateway}`,
  `apps/web/src/features/payments/gateways/${gateway}`,
];

/** Each tier's registry: the one file that lists its gateways. */
export const gatewayRegistries = [
  'packages/contracts/src/gateways/gateways.ts',
  'packages/protocols/src/index.ts',
  'apps/api/src/integrations/payment-gateways.ts',
  'apps/sandbox/src/gateways.ts',
  'apps/web/src/features/payments/gateways/gateways.ts',
];

const WEB_LOCALES = 'apps/web/src/locales';

/** The brands' own capitals, as code and words spell them. */
const BRANDS: Record<string, string> = { payu: 'PayU', phonepe: 'PhonePe', razorpay: 'Razorpay' };

/** The template's name in every spelling code uses, replaced by the new one's. */
function renamer(template: string, name: string): (text: string) => string {
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const pairs = [
    [BRANDS[template] ?? capital(template), capital(name)],
    [template.toUpperCase(), name.toUpperCase()],
    [capital(template), capital(name)],
    [template, name],
  ] as const;
  // The spec's own failure line of the template (`phonepeInit`) has no twin: a new gateway says the
  // spec's general one.
  const ownLine = `messages.errors.${name}Init`;
  return (text) =>
    pairs
      .reduce((result, [from, to]) => result.replaceAll(from, to), text)
      .replaceAll(ownLine, 'messages.errors.websiteInit');
}

function copyFolder(root: string, from: string, to: string, rename: (text: string) => string) {
  cpSync(join(root, from), join(root, to), { recursive: true });
  for (const entry of readdirSync(join(root, to), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    writeFileSync(path, rename(readFileSync(path, 'utf8')));
    if (rename(entry.name) !== entry.name) renameSync(path, join(entry.parentPath, rename(entry.name)));
  }
}

/**
 * A registry's lines for the new gateway: each import, export or list line of the template copied
 * under the new name; a list written on one line gets the new name beside the template's.
 */
export function withRegistryLines(text: string, template: string, rename: (text: string) => string): string {
  const word = new RegExp(`\\b\\w*${template}\\w*\\b`, 'gi');
  return text
    .split('\n')
    .flatMap((line) => {
      const code = line.trim();
      if (!line.toLowerCase().includes(template) || /^(\/\/|\/\*|\*)/.test(code)) return [line];
      const ownLine = /^(import|export (\*|\{|type \{))/.test(code) || /^[\w.]+(:\s*[\w.]+)?,$/.test(code);
      return ownLine ? [line, rename(line)] : [line.replace(word, (found) => `${found}, ${rename(found)}`)];
    })
    .join('\n');
}

/** The ids of the `payments` namespace a web folder asks for (the words of its choice). */
function paymentWordsOf(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') || file.endsWith('.tsx'))
    .flatMap((file) => [...readFileSync(join(root, folder, file), 'utf8').matchAll(/'payments\.([\w.]+)'/g)])
    .map((match) => match[1] ?? '');
}

/** Each language's words of the new choice: the template's lines, renamed, before them. */
function addWords(root: string, keys: string[], template: string, rename: (text: string) => string) {
  for (const language of readdirSync(join(root, WEB_LOCALES), { withFileTypes: true })) {
    if (!language.isDirectory()) continue;
    const file = join(root, WEB_LOCALES, language.name, 'payments.json');
    const lines = readFileSync(file, 'utf8').split('\n');
    const templateKeys = new Set(keys.map((key) => key.replaceAll(rename(template), template)));
    const withWords = lines.flatMap((line) => {
      const key = /^\s*"([^"]+)":/.exec(line)?.[1];
      return key && templateKeys.has(key) ? [`${rename(line).replace(/,?$/, ',')}`, line] : [line];
    });
    writeFileSync(file, withWords.join('\n'));
  }
}

/** Adds gateway `name` to the copy at `root`, modelled on `template`'s folders. */
export function addGateway(root: string, template: string, name: string) {
  const rename = renamer(template, name);
  gatewayFolders(template).forEach((folder, index) => {
    copyFolder(root, folder, gatewayFolders(name)[index] ?? '', rename);
  });
  for (const registry of gatewayRegistries) {
    const path = join(root, registry);
    writeFileSync(path, withRegistryLines(readFileSync(path, 'utf8'), template, rename));
  }
  const webFolder = gatewayFolders(name).at(-1) ?? '';
  addWords(root, paymentWordsOf(root, webFolder), template, rename);
}
