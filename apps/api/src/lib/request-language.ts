import {
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  pickLanguage,
  preferredLanguages,
} from '@erti/contracts';
import type { FastifyRequest } from 'fastify';

/** One cookie's value from a `Cookie` header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

/**
 * The language a request is read in: the one chosen on the device (cookie `erti_lang`, written by
 * the web site), else the browser's `Accept-Language`, else English. Mails answering someone who
 * is not signed in (an OTP) follow it; mails to an account follow the profile (decision 090).
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const chosen = cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return pickLanguage(preferredLanguages(request.headers['accept-language']));
}
