/**
 * Rupee amounts as text, to and from integer paise, without floating point. No schema code, so a
 * screen imports it (`@erti/contracts/rupees`) without loading zod. One rule for the product:
 * the api accepts plain rupees from clients (`paiseFromRupeeText`, `PLAIN_RUPEES`), the screens
 * read what people type with `paiseFromTypedRupees` and hand on plain rupees (`rupeesFromPaise`).
 * Decision 046.
 */

/** Plain rupees: 1 to 9 whole digits and at most two decimals ('499', '499.5', '499.50'). */
export const PLAIN_RUPEES = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * What a person may type: an optional leading ₹, digits grouped with commas the Indian or the
 * international way ('1,23,456', '123,456': the last group three digits, so '1,5' is refused
 * rather than read as 15) and a decimal point with at most two decimals (a bare '120.' is 120).
 */
const TYPED_RUPEES = /^₹?\s*(\d{1,3}(?:,\d{2,3})*,\d{3}|\d+)(?:\.(\d{0,2}))?$/;

const toPaise = (rupees: string, paise = '') =>
  rupees.length > 9 ? undefined : Number(rupees) * 100 + Number(paise.padEnd(2, '0'));

/** Plain rupees (see PLAIN_RUPEES) to paise; undefined for anything else. */
export function paiseFromRupeeText(text: string): number | undefined {
  const match = PLAIN_RUPEES.exec(text.trim());
  return match ? toPaise(match[1] ?? '', match[2]) : undefined;
}

/**
 * Rupees as a person types them ('1,234.50', '₹ 99', '120.5') to paise; undefined when it is not
 * an amount ('', 'abc', '-5', '0.005', more than 9 whole digits). Zero is an amount: callers that
 * need more than zero say so.
 */
export function paiseFromTypedRupees(text: string): number | undefined {
  const match = TYPED_RUPEES.exec(text.trim());
  return match ? toPaise((match[1] ?? '').replaceAll(',', ''), match[2]) : undefined;
}

/** Paise as plain rupees with two decimals: 123450 → '1234.50'. */
export function rupeesFromPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
