import { hash, verify } from '@node-rs/argon2';

/** Passwords hashed with argon2id (the library's default algorithm and OWASP's parameters). */
export const hashPassword = (password: string) => hash(password);

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (no such account, or a deleted one) it
 * still spends the time of one check, so the answer time does not tell which e-mails have accounts.
 */
export async function passwordMatches(storedHash: string | null | undefined, password: string) {
  if (storedHash) return verify(storedHash, password);
  decoy ??= hashPassword('decoy-password-0');
  await verify(await decoy, password);
  return false;
}
