import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { tooManyRequests } from '../errors.ts';

/**
 * How many distinct addresses one window counts on their own; beyond that, new ones share one
 * count, so a flood of made-up addresses can neither grow the map without end nor reset the others.
 */
const MAX_ADDRESSES = 100_000;
const WINDOW_MS = 60_000;
const OVERFLOW = 'overflow';

/**
 * The key an address is counted under: an IPv4 address as it is, and an IPv6 one by its /64, the
 * block one home or phone is given, so a client cannot take a fresh count with each address of it.
 */
export function rateLimitKeyOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = ip.toLowerCase().split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An address a trusted proxy passed on is the client's word: a malformed one must not throw.
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const zeros = tail === undefined ? [] : Array(missing).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** An `onRequest` hook: it answers 429 itself, or lets the request go on. */
export type RateLimitHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) => void;

/**
 * At most `max` requests per client address in each fixed window of a minute, counted in this
 * process (each replica its own). One synchronous map lookup per request: the @fastify/rate-limit
 * plugin it replaces ran an async hook with three promises and an LRU on every answer, a fifth of
 * the time of a cached catalogue read (decision 055). A refusal is a 429 with `retry-after` and the
 * `x-ratelimit-*` counts, which allowed answers do not carry.
 */
export function perAddressRateLimit(options: {
  max: number;
  maxAddresses?: number;
  now?: () => number;
}): RateLimitHook {
  const { max, maxAddresses = MAX_ADDRESSES, now = Date.now } = options;
  let counts = new Map<string, number>();
  let windowEndsAt = 0;

  return (request, reply, done) => {
    const at = now();
    if (at >= windowEndsAt) {
      counts = new Map();
      windowEndsAt = (Math.floor(at / WINDOW_MS) + 1) * WINDOW_MS;
    }
    let key = rateLimitKeyOf(request.ip);
    let counted = counts.get(key);
    if (counted === undefined && counts.size >= maxAddresses) {
      key = OVERFLOW;
      counted = counts.get(key);
    }
    const count = (counted ?? 0) + 1;
    counts.set(key, count);
    if (count <= max) return done();

    const seconds = Math.ceil((windowEndsAt - at) / 1000);
    reply.headers({
      'x-ratelimit-limit': max,
      'x-ratelimit-remaining': 0,
      'x-ratelimit-reset': seconds,
      'retry-after': seconds,
    });
    done(tooManyRequests(`Too many requests. Please try again in ${seconds} seconds.`));
  };
}

const isApiRequest = (request: FastifyRequest) => request.url.startsWith('/api');

/** The api-wide limit (RATE_LIMIT_PER_MINUTE) on every `/api` request; the site's files are not counted. */
export function registerRateLimit(app: FastifyInstance, max: number): void {
  const limit = perAddressRateLimit({ max });
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) return done();
    limit(request, reply, done);
  });
}
