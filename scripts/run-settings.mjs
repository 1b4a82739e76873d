// Settings for a system this repository starts with its sandbox (npm run start:replicas, the chaos run's and
// the load bench's replicas): as production asks (decision 102), strong secrets of their own and every
// outside system named, here the sandbox.
import { randomBytes } from 'node:crypto';

/** The secrets production must set: the api's own and the gateways' (the sandbox reads the same names). */
export const RUN_SECRETS = [
  'JWT_SECRET',
  'LINK_SIGNING_KEYS',
  'PAYU_SALT',
  'PHONEPE_CLIENT_SECRET',
  'PHONEPE_CALLBACK_PASSWORD',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
];

/**
 * A strong secret (32 random bytes) made for this run for each of RUN_SECRETS that `given` (the
 * operator's environment) does not set.
 *
 * @param {Record<string, string | undefined>} [given]
 * @returns {Record<string, string>}
 */
export function runSecrets(given = {}) {
  const missing = RUN_SECRETS.filter((name) => given[name] === undefined);
  return Object.fromEntries(missing.map((name) => [name, randomBytes(32).toString('base64url')]));
}

/**
 * The outside systems' addresses, each named explicitly as the sandbox at `sandboxUrl`, but those
 * `given` sets.
 *
 * @param {string} sandboxUrl
 * @param {Record<string, string | undefined>} [given]
 * @returns {Record<string, string>}
 */
export function sandboxAddresses(sandboxUrl, given = {}) {
  const addresses = {
    BBPS_BASE_URL: `${sandboxUrl}/bou`,
    PAYU_BASE_URL: `${sandboxUrl}/payu`,
    PHONEPE_BASE_URL: `${sandboxUrl}/phonepe`,
    RAZORPAY_BASE_URL: `${sandboxUrl}/razorpay`,
    LOGO_BASE_URL: `${sandboxUrl}/logos`,
  };
  return Object.fromEntries(Object.entries(addresses).filter(([name]) => given[name] === undefined));
}
