import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runSecrets, sandboxAddresses } from '../../../../scripts/run-settings.mjs';

export { runSecrets, sandboxAddresses };

/** A secret of this run: 32 random bytes, as an operator's would be. */
export const strongSecret = () => randomBytes(32).toString('base64url');

/** A production environment that loadConfig accepts: strong secrets and every address named. */
export const productionEnv = (): Record<string, string> => ({
  NODE_ENV: 'production',
  ...runSecrets(),
  PUBLIC_URL: 'https://pay.example.in',
  ...sandboxAddresses('https://sandbox.test'),
});

/** Each `NAME=value` of the repository's .env.example, the commented-out examples too. */
export function envExampleSettings(): { name: string; value: string }[] {
  const text = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');
  return [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(\S*)/gm)].map(([, name = '', value = '']) => ({
    name,
    value,
  }));
}
