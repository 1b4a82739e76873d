import { accountMessages } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOtps, fromIp, otpFromMail, post, STRONG_PASSWORD, signUpUser } from '../support/accounts.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 11: outside the spec's own words ('Email already exists', 'Invalid User'), the
 * answers do not tell whether an address has an account, and an address that asks about many
 * addresses without one is slowed down (decision 105).
 */
const KNOWN = 'known.account@example.com';
let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
  await signUpUser(env, KNOWN);
});
afterAll(async () => {
  await env?.close();
});

type Answer = Awaited<ReturnType<typeof post>>;

/** What a stranger can read of an answer: status, body and headers but the ones that differ per request. */
const readable = (answer: Answer) => {
  const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
  return { status: answer.statusCode, body: answer.body, headers };
};

/** The same call for the account's address and then for `unknown`: what a stranger reads of each. */
async function sideBySide(unknown: string, call: (email: string) => Promise<Answer>) {
  const known = readable(await call(KNOWN));
  return { known, unknown: readable(await call(unknown)) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('a login code asked for an address', () => {
  it('is answered the same with or without an account, and only the account’s mail carries a code', async () => {
    const unknown = 'no.account.here@example.com';
    const known = await post(env, '/users/otp', { email: KNOWN, purpose: 'login' }, fromIp('198.19.0.1'));
    const stranger = await post(
      env,
      '/users/otp',
      { email: unknown, purpose: 'login' },
      fromIp('198.19.0.1'),
    );
    expect(readable(stranger)).toEqual(readable(known));
    expect(known.json()).toEqual({ message: 'OTP sent to email successfully' });
    expect(env.lastMail(KNOWN)?.text).toMatch(/\b\d{6}\b/);
    expect(env.lastMail(unknown)?.subject).toBe('Your Erti Pay login request');
    expect(env.lastMail(unknown)?.text).not.toMatch(/\b\d{6}\b/);

    // Asked again at once, both wait alike; a code tried, both are wrong alike; sign-in, both unverified.
    const again = await sideBySide(unknown, (email) => post(env, '/users/otp', { email, purpose: 'login' }));
    expect(again.unknown.status).toBe(429);
    expect(JSON.parse(again.unknown.body).messageKey).toBe(JSON.parse(again.known.body).messageKey);
    const wrong = otpFromMail(env, KNOWN) === '000000' ? '111111' : '000000';
    const tried = await sideBySide(unknown, (email) => post(env, '/users/verify', { email, OTP: wrong }));
    expect(tried.unknown).toEqual(tried.known);
    const signIns = await sideBySide(unknown, (email) =>
      post(env, '/users/signin', { email, password: STRONG_PASSWORD }),
    );
    expect(signIns.unknown).toEqual(signIns.known);
  });

  it('takes about as long with or without an account', async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 5; round++) {
      for (const [kind, email] of [
        ['known', KNOWN],
        ['unknown', 'timed.nobody@example.com'],
      ] as const) {
        await ageOtps(env, email, 31);
        const started = performance.now();
        const answer = await post(
          env,
          '/users/otp',
          { email, purpose: 'login' },
          fromIp(`198.19.1.${round}`),
        );
        times[kind].push(performance.now() - started);
        expect(answer.statusCode).toBe(200);
      }
    }
    // The same steps (a code stored, a mail sent, the counts kept): a far slower side would tell.
    const ratio = median(times.unknown) / median(times.known);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('the spec’s own words', () => {
  it('still say when a sign-up address is taken and when a reset address has no account', async () => {
    const taken = await post(env, '/users/otp', { email: KNOWN, purpose: 'signup' }, fromIp('198.19.2.1'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('User creation failed. Email already exists');
    const reset = await post(
      env,
      '/users/resetPassword',
      { email: 'not.a.customer@example.com' },
      fromIp('198.19.2.1'),
    );
    expect(reset.statusCode).toBe(404);
    expect(reset.json().message).toBe('Invalid User');
  });
});

describe('an address asking about many addresses without an account', () => {
  it('is slowed down after 20 in an hour, for every address it asks about, while others are not', async () => {
    const prober = fromIp('198.19.3.1');
    for (let probe = 0; probe < 20; probe++) {
      const url = probe % 4 === 3 ? '/users/resetPassword' : '/users/otp';
      const answer = await post(env, url, { email: `probe.${probe}@example.com`, purpose: 'login' }, prober);
      expect(answer.statusCode).not.toBe(429);
    }
    for (const [url, body] of [
      ['/users/otp', { email: 'probe.more@example.com', purpose: 'login' }],
      ['/users/otp', { email: KNOWN, purpose: 'login' }],
      ['/users/resetPassword', { email: KNOWN }],
    ] as const) {
      const slowed = await post(env, url, body, prober);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toMatch(/^Too many requests\. Please try again in (60|59) minutes\.$/);
      expect(slowed.json().messageKey).toBe('account.tooManyAccountRequests');
    }
    await ageOtps(env, KNOWN, 31);
    const neighbour = await post(env, '/users/otp', { email: KNOWN, purpose: 'login' }, fromIp('198.19.3.2'));
    expect(neighbour.statusCode).toBe(200);
    expect(accountMessages.tooManyAccountRequests(60)).toBe(
      'Too many requests. Please try again in 60 minutes.',
    );
  });
});
