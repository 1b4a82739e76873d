import { accountMessages } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOtps, fromIp, post, requestReset, signUpUser } from '../support/accounts.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 3, the first half: wrong password-reset codes from strangers must not block a
 * genuine customer's reset, and guessing must stay infeasible (decision 104). A reset counts only in
 * the browser that asked for it (its cookie), dies after 5 wrong codes, and wrong codes count per
 * address (an IPv6 client by its /64); nothing is counted site-wide.
 */
let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const newPassword = (OTP: string, headers: Record<string, string>) =>
  post(env, '/users/newPassword', { password: 'Chosen-1234', OTP }, headers);
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
/** A guess other than `code`, different for each try. */
const guess = (code: string, attempt: number) => {
  const guessed = String((Number(code) + 1 + attempt) % 1_000_000).padStart(6, '0');
  return guessed === code ? wrongFor(code) : guessed;
};

describe('wrong reset codes from strangers', () => {
  it('leave a genuine customer’s reset working after 250 of them from many addresses', async () => {
    const customer = 'genuine.reset@example.com';
    const victim = 'reset.target@example.com';
    await signUpUser(env, customer);
    await signUpUser(env, victim);

    // Fifty strangers, five wrong codes each: some in a browser that asked for a reset of the
    // victim, the rest with the code alone.
    for (let stranger = 0; stranger < 50; stranger++) {
      const address = fromIp(`198.18.${stranger}.7`);
      const headers =
        stranger % 10 === 0
          ? { ...address, cookie: (await requestReset(env, victim, address)).cookie }
          : address;
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await newPassword(guess('424242', stranger * 5 + attempt), headers);
        expect(answer.statusCode).toBe(400);
      }
    }

    const { code, cookie } = await requestReset(env, customer, fromIp('203.0.113.9'));
    const reset = await newPassword(code, { ...fromIp('203.0.113.9'), cookie });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successfully' });
  }, 240_000);

  it('count only in the browser that asked for the reset', async () => {
    const email = 'one.browser@example.com';
    await signUpUser(env, email);
    const stranger = await requestReset(env, email, fromIp('198.18.200.1'));
    const owner = await requestReset(env, email, fromIp('203.0.113.10'));

    const codeAlone = await newPassword(owner.code, fromIp('203.0.113.10'));
    expect(codeAlone.statusCode).toBe(400);
    expect(codeAlone.json().message).toBe(accountMessages.resetInThisBrowser);
    // The stranger's browser names the stranger's own reset: the owner's code is wrong there.
    if (owner.code !== stranger.code) {
      const elsewhere = await newPassword(owner.code, { ...fromIp('198.18.200.1'), cookie: stranger.cookie });
      expect(elsewhere.json().message).toBe('Invalid OTP');
    }
    // The stranger's request did not retire the owner's reset.
    const reset = await newPassword(owner.code, { ...fromIp('203.0.113.10'), cookie: owner.cookie });
    expect(reset.statusCode).toBe(200);
  });

  it('end a reset after 5 wrong codes, and a new reset works', async () => {
    const email = 'five.tries@example.com';
    await signUpUser(env, email);
    const headers = fromIp('203.0.113.11');
    const first = await requestReset(env, email, headers);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await newPassword(guess(first.code, attempt), { ...headers, cookie: first.cookie });
      expect(wrong.json().message).toBe('Invalid OTP');
    }
    const dead = await newPassword(first.code, { ...headers, cookie: first.cookie });
    expect(dead.statusCode).toBe(429);
    expect(dead.json().message).toBe(accountMessages.otpTooManyTries);

    const second = await requestReset(env, email, headers);
    expect((await newPassword(second.code, { ...headers, cookie: second.cookie })).statusCode).toBe(200);
  });

  it('count per address, an IPv6 client by its /64', async () => {
    const email = 'v6.guesser@example.com';
    await signUpUser(env, email);
    const inBlock = (host: number) => fromIp(`2001:db8:35:3::${host.toString(16)}`);
    for (let reset = 0; reset < 2; reset++) {
      const { code, cookie } = await requestReset(env, email, inBlock(100 + reset));
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await newPassword(guess(code, attempt), {
          ...inBlock(reset * 5 + attempt + 1),
          cookie,
        });
        expect(answer.statusCode).toBe(400);
      }
    }
    const { code, cookie } = await requestReset(env, email, inBlock(200));
    const blocked = await newPassword(code, { ...inBlock(201), cookie });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(accountMessages.wrongCodesLocked(10));
    expect((await newPassword(code, { ...fromIp('2001:db8:35:4::1'), cookie })).statusCode).toBe(200);
  });

  it('mark the browser’s cookie HttpOnly, SameSite=Strict and for the account calls only', async () => {
    const email = 'cookie.flags@example.com';
    await signUpUser(env, email);
    const answer = await post(env, '/users/resetPassword', { email }, fromIp('203.0.113.12'));
    const cookie = answer.cookies.find(({ name }) => name === 'erti_reset');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users' });
    expect(cookie?.secure).toBeUndefined();

    await ageOtps(env, email, 31, 'reset');
    const https = { ...fromIp('203.0.113.12'), 'x-forwarded-proto': 'https' };
    const overHttps = await post(env, '/users/resetPassword', { email }, https);
    expect(overHttps.cookies.find(({ name }) => name === 'erti_reset')?.secure).toBe(true);
  });
});
