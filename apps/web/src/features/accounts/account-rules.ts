import { passwordSchema } from '@erti/contracts';

/** The server's password rule (at least 8 characters, of any kind). */
export const isStrongPassword = (password: string) => passwordSchema.safeParse(password).success;

/**
 * Where to go after login: the `from` query parameter when it is a path of this site, else home.
 * Anything that could leave the site (`//host`, `/\host`, `https:`) is ignored.
 */
export function safeReturnPath(from: string | null): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}

/**
 * `path` carrying `from` along (`/signup?from=…`), so moving between login and sign-up still comes
 * back to the page that asked. A `from` that is missing or could leave the site is dropped.
 */
export function withReturnPath(path: string, from: string | null): string {
  if (!from || safeReturnPath(from) !== from) return path;
  return `${path}?from=${encodeURIComponent(from)}`;
}
