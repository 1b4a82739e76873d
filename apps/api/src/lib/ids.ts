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
