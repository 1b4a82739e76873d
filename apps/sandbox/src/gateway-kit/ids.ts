import { randomInt } from 'node:crypto';

/** Random digits, for gateway ids such as PayU's mihpayid. */
export function randomDigits(length: number): string {
  let digits = String(randomInt(1, 10));
  while (digits.length < length) digits += String(randomInt(0, 10));
  return digits;
}

/** Random letters and digits, for ids such as `order_…` and `pay_…`. */
export function randomAlnum(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let index = 0; index < length; index += 1) id += alphabet[randomInt(0, alphabet.length)];
  return id;
}
