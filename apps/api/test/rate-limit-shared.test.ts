import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { connectRedis } from '../src/lib/redis.ts';
import { registerRateLimit } from '../src/plugins/rate-limit.ts';
import { bearer, signUpUser } from './support/accounts.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * The api-wide rate limit across replicas (decision 068): counted in Redis (127.0.0.1:6379, under a
 * key prefix of this run), per account for a signed-in call and per address for a visitor, and
 * counted by each replica alone while Redis is away.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const KEY_PREFIX = `erti-test-${randomUUID()}:`;
let redis: Redis;
const envs: TestEnv[] = [];

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  // A replica that shares a database closes before the one that opened it.
  for (const env of envs.reverse()) await env.close();
  const keys = await redis.keys(`${KEY_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

/** Two replicas start inside a test: each with its sandbox and migrations, slow on a busy machine. */
const REPLICAS_START_MS = 180_000;

/** A replica of the api; a second one shares the first one's database, as replicas do. */
async function replica(overrides: Partial<Config>, of?: TestEnv): Promise<TestEnv> {
  const env = await startTestEnv(overrides, of?.database);
  envs.push(env);
  return env;
}

const ipMac = (env: TestEnv, remoteAddress: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: '/api/bbps/prod/ip/mac', remoteAddress, headers });

const statusesOf = async (calls: (() => Promise<{ statusCode: number }>)[]) => {
  const statuses: number[] = [];
  for (const call of calls) statuses.push((await call()).statusCode);
  return statuses;
};

describe('the api-wide rate limit through Redis', () => {
  it(
    'is one count for a visitor address across two replicas',
    async () => {
      const shared = { REDIS_URL, REDIS_KEY_PREFIX: KEY_PREFIX, RATE_LIMIT_PER_MINUTE: 3 };
      const [first, second] = [await replica(shared), await replica(shared)];
      const address = '198.51.100.40';
      const statuses = await statusesOf([
        () => ipMac(first, address),
        () => ipMac(second, address),
        () => ipMac(first, address),
      ]);
      expect(statuses).toEqual([200, 200, 200]);

      const refused = await ipMac(second, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['x-ratelimit-limit']).toBe('3');
      expect(await redis.get(`${KEY_PREFIX}rl:address:${address}`)).toBe('4');
      expect((await ipMac(first, '198.51.100.41')).statusCode).toBe(200);
    },
    REPLICAS_START_MS,
  );
});

describe.each([
  ['through Redis, across two replicas', { REDIS_URL, REDIS_KEY_PREFIX: KEY_PREFIX }, 2],
  ['in one process (the embedded default)', {}, 1],
])('a signed-in call, %s', (_kind, settings, replicas) => {
  it(
    'counts against its account, which a second account behind the same address does not share',
    async () => {
      const limits = { ...settings, ACCOUNT_RATE_LIMIT_PER_MINUTE: 3, RATE_LIMIT_PER_MINUTE: 20 };
      const first = await replica(limits);
      const second = replicas === 2 ? await replica(limits, first) : first;
      const asha = await signUpUser(first, `asha-${randomUUID()}@example.com`);
      const ravi = await signUpUser(first, `ravi-${randomUUID()}@example.com`);
      const carrierNat = '100.64.0.7';

      const ashaCalls = await statusesOf([
        () => ipMac(first, carrierNat, bearer(asha.Token)),
        () => ipMac(second, '203.0.113.50', bearer(asha.Token)),
        () => ipMac(first, carrierNat, bearer(asha.Token)),
        () => ipMac(second, carrierNat, bearer(asha.Token)),
      ]);
      expect(ashaCalls).toEqual([200, 200, 200, 429]);
      expect((await ipMac(second, carrierNat, bearer(ravi.Token))).statusCode).toBe(200);
      // A visitor behind that address has its own count, untouched by the accounts' calls.
      expect((await ipMac(first, carrierNat)).statusCode).toBe(200);
    },
    REPLICAS_START_MS,
  );
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const giveUpAt = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Whether something listens on the port yet. */
const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('when Redis goes away', () => {
  let redisServer: ChildProcess | undefined;
  let client: Redis | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    client?.disconnect();
    redisServer?.kill('SIGKILL');
  });

  /** A Redis of this test's own, which it can stop and start again on the same port. */
  const startRedis = (port: number) => {
    redisServer = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    return redisServer;
  };

  it('keeps answering with the limits counted per replica, says so once, and shares them again when it is back', async () => {
    const port = await freePort();
    const firstRedis = startRedis(port);
    await waitFor(() => listens(port), 'redis-server to listen');

    client = await connectRedis(`redis://127.0.0.1:${port}`);
    const logged: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const limited = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    app = limited;
    await registerRateLimit(limited, {
      visitorsPerMinute: 2,
      accountsPerMinute: 2,
      accountOf: () => undefined,
      redis: { client, keyPrefix: KEY_PREFIX },
    });
    limited.get('/api/ping', async () => ({ ok: true }));
    const ping = (remoteAddress: string) =>
      limited.inject({ method: 'GET', url: '/api/ping', remoteAddress });
    const pings = (remoteAddress: string, times: number) =>
      statusesOf(Array.from({ length: times }, () => () => ping(remoteAddress)));
    const redisLines = () => logged.filter((line) => line.msg.includes('Redis'));

    expect(await pings('198.51.100.60', 3)).toEqual([200, 200, 429]);
    expect(await client.get(`${KEY_PREFIX}rl:address:198.51.100.60`)).toBe('3');

    firstRedis.kill('SIGKILL');
    await once(firstRedis, 'exit');
    await waitFor(() => client?.status !== 'ready', 'the client to see Redis gone');
    const startedAt = performance.now();
    expect(await pings('198.51.100.61', 3)).toEqual([200, 200, 429]);
    // Commands fail at once instead of waiting in a queue for Redis to return.
    expect(performance.now() - startedAt).toBeLessThan(500);
    expect(redisLines()).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'Redis is not answering: each replica counts rate limits alone until it is back',
      }),
    ]);

    startRedis(port);
    await waitFor(() => client?.status === 'ready', 'the client to reconnect');
    expect(await pings('198.51.100.62', 1)).toEqual([200]);
    expect(await client.get(`${KEY_PREFIX}rl:address:198.51.100.62`)).toBe('1');
    expect(redisLines().map((line) => line.level)).toEqual([40, 30]);
    expect(redisLines()[1]?.msg).toBe('Redis answers again: the replicas share rate limits again');
  });
});
