import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

/**
 * The Axis/TransXT request envelope (protocols.md §4.2): a POST to a real operating unit carries
 * `{"request": "<base64 ciphertext of the JSON request>"}` and an `AUTH` header. The cipher is the one
 * integrators use: d = SHA-256 of the shared secret string, AES-192-CBC with key d[0..24) and IV
 * d[0..16), PKCS7 padding. The IV is fixed by the secret: that is the unit's scheme, not our choice.
 */
const cipherName = 'aes-192-cbc';

function keyAndIv(secret: string) {
  const digest = createHash('sha256').update(secret, 'utf8').digest();
  return { key: digest.subarray(0, 24), iv: digest.subarray(0, 16) };
}

/** An envelope that does not open under the secret: another secret, or not this cipher's output at all. */
export class BbpsEnvelopeError extends Error {
  constructor() {
    super('Cannot decrypt the Bharat Connect envelope: wrong secret, or not ciphertext');
    this.name = 'BbpsEnvelopeError';
  }
}

/** The base64 ciphertext of `plaintext` (UTF-8) under `secret`. */
export function encryptBbpsEnvelope(secret: string, plaintext: string): string {
  const { key, iv } = keyAndIv(secret);
  const cipher = createCipheriv(cipherName, key, iv);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/** The plaintext of a base64 ciphertext; throws `BbpsEnvelopeError` when it does not open under `secret`. */
export function decryptBbpsEnvelope(secret: string, ciphertext: string): string {
  const { key, iv } = keyAndIv(secret);
  try {
    const decipher = createDecipheriv(cipherName, key, iv);
    return Buffer.concat([decipher.update(ciphertext, 'base64'), decipher.final()]).toString('utf8');
  } catch {
    throw new BbpsEnvelopeError();
  }
}

/**
 * The ciphertext when `body` is an envelope, else undefined: `{"request": "…"}` for a call, and (an
 * assumption, decision 052) `{"response": "…"}` for an answer. A plain answer's `response` is an object,
 * so the two never mix up.
 */
export function bbpsEnvelopeCiphertext(body: unknown, field: 'request' | 'response'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const sealed = (body as Record<string, unknown>)[field];
  return typeof sealed === 'string' ? sealed : undefined;
}
