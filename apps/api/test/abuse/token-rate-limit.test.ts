import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, post, signUpUser } from '../support/accounts.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 4: only a live session counts against an account's own rate limit (decision 068).
 * A correctly signed token whose session ended, or one made up with the signing secret (as anyone
 * could with the example secret), counts against its address like a visitor's call.
 */
// Above the loopback address's own calls: two sign-ups of three calls each.
const VISITOR_LIMIT = 10;
let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv({ RATE_LIMIT_PER_MINUTE: VISITOR_LIMIT, ACCOUNT_RATE_LIMIT_PER_MINUTE: 1_000 });
});
afterAll(async () => {
  await env?.close();
});

/** A public call from `address`, each address with its own count. */
const call = (address: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: '/api/bbps/prod/ip/mac', remoteAddress: address, headers });

async function statusesOf(address: string, headers: Record<string, string>, calls: number) {
  const statuses: number[] = [];
  for (let made = 0; made < calls; made++) statuses.push((await call(address, headers)).statusCode);
  return statuses;
}

/**
 * Calls enough to be refused by a visitor's count even when its one-minute window ends among them:
 * answers the statuses.
 */
const pastTheVisitorLimit = (address: string, headers: Record<string, string> = {}) =>
  statusesOf(address, headers, VISITOR_LIMIT * 2 + 1);

describe('a bearer token', () => {
  it('made up with the signing secret counts against its address', async () => {
    const forged = await new SignJWT({ sid: 'ses_madeUpSession0000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('usr_madeUpAccount0000000')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(env.config.JWT_SECRET));
    expect(await pastTheVisitorLimit('198.51.100.41', bearer(forged))).toContain(429);
  });

  it('of a session that logged out counts against its address', async () => {
    const { Token } = await signUpUser(env, 'logged.out@example.com');
    const loggedOut = await post(env, '/users/logout', {}, bearer(Token));
    expect(loggedOut.statusCode).toBe(200);
    expect(await pastTheVisitorLimit('198.51.100.42', bearer(Token))).toContain(429);
  });

  it('of a live session counts against its account, not its address', async () => {
    const { Token } = await signUpUser(env, 'still.in@example.com');
    const statuses = await pastTheVisitorLimit('198.51.100.43', bearer(Token));
    expect(statuses).not.toContain(429);
    // A visitor behind the same address still has the whole count.
    const visitor = await pastTheVisitorLimit('198.51.100.43');
    expect(visitor.slice(0, VISITOR_LIMIT)).not.toContain(429);
    expect(visitor).toContain(429);
  });
});
