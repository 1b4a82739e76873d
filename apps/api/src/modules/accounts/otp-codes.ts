import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * OTP codes and their keyed digests. A code is never stored: `codeDigest` binds it to one e-mail
 * and purpose (what verification compares). A password reset is found from the browser that asked
 * for it, not from its code (decision 104).
 */
export interface OtpCodes {
  generate(): string;
  codeDigest(email: string, purpose: string, code: string): string;
  matches(expectedDigest: string, email: string, purpose: string, code: string): boolean;
}

/** `secret` is the server's signing secret; the OTP key is derived from it so it never doubles as one. */
export function createOtpCodes(secret: string): OtpCodes {
  const key = createHmac('sha256', secret).update('erti-otp-key-v1').digest();
  const digest = (input: string) => createHmac('sha256', key).update(input).digest('hex');
  const codeDigest = (email: string, purpose: string, code: string) =>
    digest(`code:${purpose}:${email}:${code}`);
  return {
    generate: () => randomInt(0, 1_000_000).toString().padStart(6, '0'),
    codeDigest,
    matches(expectedDigest, email, purpose, code) {
      const actual = Buffer.from(codeDigest(email, purpose, code), 'hex');
      const expected = Buffer.from(expectedDigest, 'hex');
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
