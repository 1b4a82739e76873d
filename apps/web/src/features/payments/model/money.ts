const RUPEES_TEXT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * Rupees typed by the user ('12', '12.5', '12.50') to integer paise, without floating point
 * arithmetic. Anything else (negative, more than two decimals, letters) gives undefined.
 */
export function rupeesToPaise(text: string): number | undefined {
  const match = RUPEES_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
