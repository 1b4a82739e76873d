/**
 * A random key for one refund confirmation. `crypto.getRandomValues` works on plain http too
 * (`crypto.randomUUID` needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rfq-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
