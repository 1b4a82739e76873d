import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A random id of `length` characters from an unambiguous alphanumeric alphabet. */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** An id that says what it is: `usr_…`, `ord_…`, `rfd_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomId(20)}`;
}

/**
 * An AutoPay debit's id, which the gateway sees and its order carries as merchantOrderId: 'AD' + 20
 * letters and digits, where a checkout's is 'EP' + 20, so a refusal can say which holds a bill.
 */
export const newDebitId = () => `AD${randomId(20)}`;
export const isDebitId = (merchantOrderId: string) => /^AD[0-9A-Za-z]{20}$/.test(merchantOrderId);
