/**
 * A status-response field name as the status modal labels it: camel case split into words and
 * upper-cased ('merchantOrderId' → 'MERCHANT ORDER ID', 'paymentURL' → 'PAYMENT URL').
 */
export function fieldLabel(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toUpperCase();
}

/** A field's value as shown, or `empty` ('N/A') when the gateway left it empty. */
export function fieldValue(value: unknown, empty = 'N/A'): string {
  if (value === null || value === undefined) return empty;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.trim() === '' ? empty : text;
}
