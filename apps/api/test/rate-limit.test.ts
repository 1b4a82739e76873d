import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { perAddressRateLimit, rateLimitKeyOf, registerRateLimit } from '../src/plugins/rate-limit.ts';

/** The per-address limit (decision 055) on a bare app: the whole api's use is in client-address.test.ts. */
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function appLimitedTo(options: Parameters<typeof perAddressRateLimit>[0]) {
  app = Fastify();
  app.addHook('onRequest', perAddressRateLimit(options));
  app.get('/api/ping', async () => ({ ok: true }));
  await app.ready();
  return (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/ping', remoteAddress });
}

describe('the per-address rate limit', () => {
  it('refuses the request after the limit with the wait and the counts, and counts each address alone', async () => {
    const ping = await appLimitedTo({ max: 2, now: () => 60_000 * 1000 + 45_000 });
    expect((await ping('198.51.100.1')).statusCode).toBe(200);
    expect((await ping('198.51.100.1')).statusCode).toBe(200);
    const refused = await ping('198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests. Please try again in 15 seconds.');
    expect(refused.headers['retry-after']).toBe('15');
    expect(refused.headers['x-ratelimit-limit']).toBe('2');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect((await ping('198.51.100.2')).statusCode).toBe(200);
  });

  it('counts afresh in the next minute', async () => {
    let now = 5_000;
    const ping = await appLimitedTo({ max: 1, now: () => now });
    expect((await ping('198.51.100.1')).statusCode).toBe(200);
    expect((await ping('198.51.100.1')).statusCode).toBe(429);
    now = 59_999;
    expect((await ping('198.51.100.1')).statusCode).toBe(429);
    now = 60_000;
    expect((await ping('198.51.100.1')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const ping = await appLimitedTo({ max: 1 });
    expect((await ping('2001:db8:1:2::10')).statusCode).toBe(200);
    expect((await ping('2001:db8:1:2:ffff::99')).statusCode).toBe(429);
    expect((await ping('2001:db8:1:3::10')).statusCode).toBe(200);
    expect((await ping('203.0.113.5')).statusCode).toBe(200);
    expect((await ping('::ffff:203.0.113.5')).statusCode).toBe(429);
  });

  it('makes addresses beyond the bound share one count, leaving the counted ones as they were', async () => {
    const ping = await appLimitedTo({ max: 1, maxAddresses: 2 });
    expect((await ping('198.51.100.1')).statusCode).toBe(200);
    expect((await ping('198.51.100.2')).statusCode).toBe(200);
    expect((await ping('198.51.100.3')).statusCode).toBe(200);
    expect((await ping('198.51.100.4')).statusCode).toBe(429);
    expect((await ping('198.51.100.1')).statusCode).toBe(429);
  });

  it('counts api requests only, not the web site and its files nor the health probes', async () => {
    app = Fastify();
    await registerRateLimit(app, { visitorsPerMinute: 1, accountsPerMinute: 1, accountOf: () => undefined });
    app.get('/api/ping', async () => ({ ok: true }));
    app.get('/assets/app.js', async () => 'code');
    app.get('/api/health/ready', async () => ({ ready: true }));
    const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '198.51.100.1' });
    for (let load = 0; load < 3; load += 1) expect((await get('/assets/app.js')).statusCode).toBe(200);
    // A load balancer's probes, every few seconds from one address.
    for (let probe = 0; probe < 5; probe += 1) expect((await get('/api/health/ready')).statusCode).toBe(200);
    expect((await get('/api/ping')).statusCode).toBe(200);
    expect((await get('/api/ping')).statusCode).toBe(429);
  });
});

describe('the api-wide limit in one process', () => {
  it('counts a signed-in call against its account wherever it comes from, and a visitor against its address', async () => {
    app = Fastify();
    await registerRateLimit(app, {
      visitorsPerMinute: 2,
      accountsPerMinute: 3,
      // A token checked before answers at once; a new one after its signature check.
      accountOf: (request) => {
        const token = request.headers.authorization?.slice('Bearer '.length);
        return token === 'checked-asha' ? 'asha' : token === 'new-ravi' ? Promise.resolve('ravi') : undefined;
      },
    });
    app.get('/api/ping', async () => ({ ok: true }));
    const ping = (remoteAddress: string, token?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/ping',
        remoteAddress,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const sharedAddress = '198.51.100.1';
    expect((await ping(sharedAddress, 'checked-asha')).statusCode).toBe(200);
    expect((await ping('198.51.100.2', 'checked-asha')).statusCode).toBe(200);
    expect((await ping('198.51.100.3', 'checked-asha')).statusCode).toBe(200);
    expect((await ping(sharedAddress, 'checked-asha')).statusCode).toBe(429);
    for (let call = 0; call < 3; call += 1)
      expect((await ping(sharedAddress, 'new-ravi')).statusCode).toBe(200);
    expect((await ping(sharedAddress, 'new-ravi')).statusCode).toBe(429);
    // The accounts' calls took nothing from the address's visitors.
    expect((await ping(sharedAddress)).statusCode).toBe(200);
    expect((await ping(sharedAddress, 'forged')).statusCode).toBe(200);
    expect((await ping(sharedAddress)).statusCode).toBe(429);
  });
});

describe('rateLimitKeyOf', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0000:abcd::1', '2001:db8:0:0::/64'],
    ['2001:db8:aa:bb:cc:dd:ee:ff', '2001:db8:aa:bb::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['1:2:3:4:5:6:7:8:9::a', '1:2:3:4::/64'],
    ['not-an-address', 'not-an-address'],
  ])('keys %s as %s', (ip, key) => {
    expect(rateLimitKeyOf(ip)).toBe(key);
  });
});
