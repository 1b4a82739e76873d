import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * Whose address the api believes: X-Forwarded-For only from a trusted proxy (TRUST_PROXY), since
 * the address keys the rate limit and is the agent device's IP on Bharat Connect.
 */
const LIMIT = 3;
let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ RATE_LIMIT_PER_MINUTE: LIMIT });
});
afterAll(async () => {
  await env?.close();
});

const ipMac = (remoteAddress: string, forwardedFor?: string) =>
  env.app.inject({
    method: 'GET',
    url: '/api/bbps/prod/ip/mac',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('the client address', () => {
  it('takes X-Forwarded-For from a proxy on this host', async () => {
    const answer = await ipMac('127.0.0.1', '203.0.113.9');
    expect(answer.json().ipAddress).toBe('203.0.113.9');
  });

  it('counts a malformed forwarded address without failing', async () => {
    const answer = await ipMac('127.0.0.1', '1:2:3:4:5:6:7:8:9::a');
    expect(answer.statusCode).toBeLessThan(500);
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    const answer = await ipMac('198.51.100.7', '203.0.113.9');
    expect(answer.json().ipAddress).toBe('198.51.100.7');
  });

  it('takes it from the proxies TRUST_PROXY names, and only from them', async () => {
    const behindBalancer = await startTestEnv({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const ipMacFrom = (remoteAddress: string) =>
        behindBalancer.app.inject({
          method: 'GET',
          url: '/api/bbps/prod/ip/mac',
          remoteAddress,
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
      expect((await ipMacFrom('10.1.2.3')).json().ipAddress).toBe('203.0.113.9');
      expect((await ipMacFrom('127.0.0.1')).json().ipAddress).toBe('127.0.0.1');
    } finally {
      await behindBalancer.close();
    }
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
  });
});

describe('the per-address rate limit', () => {
  it('sends the counts only with a refusal, and a forged X-Forwarded-For does not escape it', async () => {
    const peer = '198.51.100.8';
    for (let sent = 0; sent < LIMIT; sent += 1) {
      const allowed = await ipMac(peer);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const refused = await ipMac(peer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));

    const forged = await ipMac(peer, '203.0.113.77');
    expect(forged.statusCode).toBe(429);
    // Another address is counted on its own.
    expect((await ipMac('198.51.100.9')).statusCode).toBe(200);
  });
});
