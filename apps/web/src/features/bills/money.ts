/** What a user may type in an amount box: digits and one decimal point with at most two decimals. */
export function sanitiseAmount(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}
