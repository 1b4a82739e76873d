import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '../../lib/request-language.ts';
import { rateLimitKeyOf } from '../../plugins/rate-limit.ts';

/** The browser a request comes from, as the account limits see it (decision 104). */
export interface Browser {
  /** The client's address as the limits count it: an IPv6 client by its /64. */
  address: string;
  /** The account this browser has signed in to before, from its signed cookie. */
  knownAccount?: string;
  /** The pending password reset this browser asked for, from its signed cookie. */
  resetId?: string;
}

const KNOWN_DEVICE = 'erti_device';
const RESET = 'erti_reset';
/** Only the account calls read them; the rest of the site never sees them. */
const COOKIE_PATH = '/api/users';
const KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60;
/** Longer than a reset code lives, so an expired code is answered 'Invalid OTP', as the spec words it. */
const RESET_SECONDS = 60 * 60;

/**
 * Signed, HttpOnly, SameSite=Strict cookies that mark a browser: the account it signed in to before
 * (its own OTP mail allowance) and the password reset it asked for (the only browser whose code
 * counts). `secret` is the server's signing secret; the key is derived with its own label.
 */
export function createBrowserMarks(secret: string) {
  const key = createHmac('sha256', secret).update('erti-browser-mark-v1').digest();
  const signatureOf = (name: string, value: string) =>
    createHmac('sha256', key).update(`${name}:${value}`).digest('base64url');

  function read(request: FastifyRequest, name: string): string | undefined {
    const signed = cookieValue(request.headers.cookie, name) ?? '';
    const dot = signed.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const value = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1));
    const expected = Buffer.from(signatureOf(name, value));
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
  }

  function write(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number) {
    const cookie = value ? `${value}.${signatureOf(name, value)}` : '';
    const secure = reply.request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${name}=${cookie}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
    );
  }

  return {
    browserOf: (request: FastifyRequest): Browser => ({
      address: rateLimitKeyOf(request.ip),
      knownAccount: read(request, KNOWN_DEVICE),
      resetId: read(request, RESET),
    }),
    /** This browser signed in to (or reset the password of) `userId`. */
    markKnownDevice: (reply: FastifyReply, userId: string) =>
      write(reply, KNOWN_DEVICE, userId, KNOWN_DEVICE_SECONDS),
    markReset: (reply: FastifyReply, resetId: string) => write(reply, RESET, resetId, RESET_SECONDS),
    forgetReset: (reply: FastifyReply) => write(reply, RESET, '', 0),
  };
}

export type BrowserMarks = ReturnType<typeof createBrowserMarks>;
