import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import { type AppError, tooManyRequests } from '../errors.ts';

/**
 * How many distinct addresses (or accounts) one window counts on their own; beyond that, new ones
 * share one count, so a flood of made-up addresses can neither grow the map without end nor reset
 * the others.
 */
const MAX_COUNTED = 100_000;
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

interface Counted {
  count: number;
  secondsLeft: number;
}

/**
 * Counts per key in fixed windows of a minute, in this process (each replica its own): one
 * synchronous map lookup. Keys beyond `maxKeys` in one window share one count.
 */
function countsPerMinute(options: { maxKeys?: number; now?: () => number } = {}) {
  const { maxKeys = MAX_COUNTED, now = Date.now } = options;
  let counts = new Map<string, number>();
  let windowEndsAt = 0;

  return (wanted: string): Counted => {
    const at = now();
    if (at >= windowEndsAt) {
      counts = new Map();
      windowEndsAt = (Math.floor(at / WINDOW_MS) + 1) * WINDOW_MS;
    }
    let key = wanted;
    let counted = counts.get(key);
    if (counted === undefined && counts.size >= maxKeys) {
      key = OVERFLOW;
      counted = counts.get(key);
    }
    const count = (counted ?? 0) + 1;
    counts.set(key, count);
    return { count, secondsLeft: Math.ceil((windowEndsAt - at) / 1000) };
  };
}

/**
 * The refusal: a 429 with `retry-after` and the `x-ratelimit-*` counts, which allowed answers do not
 * carry (decision 050).
 */
function refusal(reply: FastifyReply, max: number, seconds: number): AppError {
  reply.headers({
    'x-ratelimit-limit': max,
    'x-ratelimit-remaining': 0,
    'x-ratelimit-reset': seconds,
    'retry-after': seconds,
  });
  return tooManyRequests(`Too many requests. Please try again in ${seconds} seconds.`);
}

/**
 * At most `max` requests per client address in each fixed window of a minute, counted in this
 * process. One synchronous map lookup per request: the @fastify/rate-limit plugin it replaced ran an
 * async hook with three promises and an LRU on every answer, a fifth of the time of a cached
 * catalogue read (decision 055).
 */
export function perAddressRateLimit(options: {
  max: number;
  maxAddresses?: number;
  now?: () => number;
}): RateLimitHook {
  const { max } = options;
  const count = countsPerMinute({ maxKeys: options.maxAddresses, now: options.now });
  return (request, reply, done) => {
    const { count: made, secondsLeft } = count(rateLimitKeyOf(request.ip));
    if (made <= max) return done();
    done(refusal(reply, max, secondsLeft));
  };
}

/**
 * What the limit counts: the api's calls, not the site's files, and not the health probes, which a
 * load balancer or an orchestrator calls every few seconds from one address and must never be refused.
 */
const isCounted = (request: FastifyRequest) =>
  request.url.startsWith('/api') && !request.url.startsWith('/api/health');

/** The account a request's verified Bearer token names, or undefined for a visitor (plugins/auth.ts). */
export type TokenAccountOf = (request: FastifyRequest) => string | undefined | Promise<string | undefined>;

export interface ApiRateLimit {
  /** Requests per minute of one visitor address (RATE_LIMIT_PER_MINUTE). */
  visitorsPerMinute: number;
  /** Requests per minute of one signed-in account, from any address (ACCOUNT_RATE_LIMIT_PER_MINUTE). */
  accountsPerMinute: number;
  accountOf: TokenAccountOf;
  /** Shares the counts of every replica; without it each process counts its own. */
  redis?: { client: Redis; keyPrefix: string };
}

const ACCOUNT = 'account:';
const ADDRESS = 'address:';

type Verdict = { refused: false } | { refused: true; max: number; secondsLeft: number };
const ALLOWED: Verdict = { refused: false };

/**
 * The api-wide limit on every `/api` request (the site's files and the health probes are not counted): a signed-in call
 * counts against its account, wherever it comes from; only a visitor's counts against its address,
 * since a carrier-grade NAT puts thousands of customers behind one.
 */
export async function registerRateLimit(app: FastifyInstance, limits: ApiRateLimit): Promise<void> {
  const { visitorsPerMinute, accountsPerMinute, accountOf } = limits;
  const maxOf = (key: string) => (key.startsWith(ACCOUNT) ? accountsPerMinute : visitorsPerMinute);
  const keyOf = (request: FastifyRequest, account: string | undefined) =>
    account === undefined ? ADDRESS + rateLimitKeyOf(request.ip) : ACCOUNT + account;
  const inProcess = countsPerMinute();
  const countHere = (key: string): Verdict => {
    const max = maxOf(key);
    const { count, secondsLeft } = inProcess(key);
    return count <= max ? ALLOWED : { refused: true, max, secondsLeft };
  };

  if (!limits.redis) {
    const decide = (
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
      account: string | undefined,
    ) => {
      const verdict = countHere(keyOf(request, account));
      done(verdict.refused ? refusal(reply, verdict.max, verdict.secondsLeft) : undefined);
    };
    // Synchronous for a visitor and for a token checked before: the embedded default's hot path,
    // which makes no function per request (a profile of typed search found one, decision 085).
    app.addHook('onRequest', (request, reply, done) => {
      if (!isCounted(request)) return done();
      const account = accountOf(request);
      if (account instanceof Promise) account.then((found) => decide(request, reply, done, found), done);
      else decide(request, reply, done, account);
    });
    return;
  }

  const redis = watchRedis(app, limits.redis.client);
  const sharedKeyOf = async (request: FastifyRequest) => keyOf(request, await accountOf(request));
  await app.register(fastifyRateLimit, {
    global: false,
    redis: limits.redis.client,
    nameSpace: `${limits.redis.keyPrefix}rl:`,
    keyGenerator: sharedKeyOf,
    max: (_request, key) => maxOf(key),
    timeWindow: WINDOW_MS,
  });
  const countShared = app.createRateLimit();

  const count = async (request: FastifyRequest): Promise<Verdict> => {
    try {
      const shared = await countShared(request);
      redis.answered();
      if (shared.isAllowed || !shared.isExceeded) return ALLOWED;
      return { refused: true, max: shared.max, secondsLeft: shared.ttlInSeconds };
    } catch (error) {
      redis.failed(error);
      return countHere(await sharedKeyOf(request));
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!isCounted(request)) return;
    const verdict = await count(request);
    if (verdict.refused) throw refusal(reply, verdict.max, verdict.secondsLeft);
  });
}

/**
 * While Redis is away each replica counts in its own memory, with the same limits, until Redis
 * answers again (ioredis reconnects by itself). Says so once when it goes and once when it is back,
 * never per request.
 */
function watchRedis(app: FastifyInstance, redis: Redis) {
  let shared = true;
  const failed = (error: unknown) => {
    if (!shared) return;
    shared = false;
    app.log.warn(
      { err: error },
      'Redis is not answering: each replica counts rate limits alone until it is back',
    );
  };
  const answered = () => {
    if (shared) return;
    shared = true;
    app.log.info('Redis answers again: the replicas share rate limits again');
  };
  redis.on('error', failed);
  redis.on('ready', answered);
  return { failed, answered };
}
