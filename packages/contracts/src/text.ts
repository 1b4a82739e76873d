/**
 * Text helpers with no schema code: screens import them from `@erti/contracts/text` so a page that
 * only trims what is typed does not load zod.
 */

/** Digits only: what the spec's numeric inputs keep of what is typed. */
export function digitsOnly(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}
