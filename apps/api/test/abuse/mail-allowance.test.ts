import { accountMessages } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOtps, cookiesOf, fromIp, otpFromMail, post, STRONG_PASSWORD } from '../support/accounts.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 3, the second half: a stranger asking for login codes and reset mails for someone
 * else's address must not use up the owner's mails, nor retire or use up the owner's code (decision
 * 104). A browser that signed in to the account before has an allowance of its own; everyone else
 * shares the rest, and is counted by address too.
 */
const MAILS_PER_ADDRESS = 5;
let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv({ OTP_MAILS_PER_ADDRESS_PER_HOUR: MAILS_PER_ADDRESS });
});
afterAll(async () => {
  await env?.close();
});

/** Signs a customer up from a browser of their own, and answers that browser's headers (its cookies). */
async function customerBrowser(email: string, home: string) {
  const headers = fromIp(home);
  await post(env, '/users/otp', { email, purpose: 'signup' }, headers);
  await post(env, '/users/verify', { email, OTP: otpFromMail(env, email) }, headers);
  const profile = { name: 'Asha Rao', email, phone: '9876543210', password: STRONG_PASSWORD };
  const created = await post(env, '/users/', profile, headers);
  expect(created.statusCode).toBe(201);
  return { ...headers, cookie: cookiesOf(created) };
}

describe('a stranger asking for codes for someone else’s address', () => {
  it('does not stop the owner’s own login code and reset', async () => {
    const email = 'mail.victim@example.com';
    const owner = await customerBrowser(email, '203.0.113.20');

    // The stranger alternates a login code and a reset mail every 31 s, from a new address each time.
    const answers: number[] = [];
    for (let request = 0; request < 12; request++) {
      await ageOtps(env, email, 31);
      const stranger = fromIp(`198.18.${request}.20`);
      const url = request % 2 === 0 ? '/users/otp' : '/users/resetPassword';
      const answer = await post(env, url, { email }, stranger);
      answers.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.json().message).toBe(accountMessages.otpTooManySends);
    }
    // The share of everyone but the owner's browser (10 an hour, the sign-up code was one) is used up...
    expect(answers).toEqual([...Array(9).fill(200), 429, 429, 429]);

    // ...and the owner's browser still gets a login code, and signs in with it.
    const loginCode = await post(env, '/users/otp', { email }, owner);
    expect(loginCode.statusCode).toBe(200);
    expect(
      (await post(env, '/users/verify', { email, OTP: otpFromMail(env, email) }, owner)).statusCode,
    ).toBe(200);
    const signedIn = await post(env, '/users/signin', { email, password: STRONG_PASSWORD }, owner);
    expect(signedIn.statusCode).toBe(200);

    const reset = await post(env, '/users/resetPassword', { email }, owner);
    expect(reset.statusCode).toBe(200);
    const withReset = { ...owner, cookie: `${owner.cookie}; ${cookiesOf(reset)}` };
    const changed = await post(
      env,
      '/users/newPassword',
      { password: 'Fresh-pass-35', OTP: otpFromMail(env, email) },
      withReset,
    );
    expect(changed.statusCode).toBe(200);
  }, 120_000);

  it('neither delays, retires nor uses up the code the owner asked for', async () => {
    const email = 'code.victim@example.com';
    const owner = await customerBrowser(email, '203.0.113.21');
    await post(env, '/users/otp', { email }, owner);
    const ownerCode = otpFromMail(env, email);

    const stranger = fromIp('198.18.100.21');
    const strangers = await post(env, '/users/otp', { email }, stranger);
    expect(strangers.statusCode).toBe(200);
    const wrong = ownerCode === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 6; attempt++)
      await post(env, '/users/verify', { email, OTP: wrong }, stranger);

    const verified = await post(env, '/users/verify', { email, OTP: ownerCode }, owner);
    expect(verified.statusCode).toBe(200);
  });

  it('counts the mails one address asks for, to anyone', async () => {
    const address = fromIp('198.18.200.22');
    for (let mail = 0; mail < MAILS_PER_ADDRESS; mail++) {
      const answer = await post(env, '/users/otp', { email: `sprayed.${mail}@example.com` }, address);
      expect(answer.statusCode).toBe(200);
    }
    const over = await post(env, '/users/otp', { email: 'sprayed.last@example.com' }, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(accountMessages.otpTooManySends);
    const elsewhere = await post(
      env,
      '/users/otp',
      { email: 'sprayed.last@example.com' },
      fromIp('198.18.201.22'),
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});
