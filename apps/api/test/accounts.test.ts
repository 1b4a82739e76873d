import { accountMessages, messages } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, otps, users } from '../src/db/schema/accounts.ts';
import { createOtpService } from '../src/modules/accounts/otp.service.ts';
import { createOtpCodes } from '../src/modules/accounts/otp-codes.ts';
import {
  ageOtps,
  bearer,
  cookiesOf,
  fromIp,
  logIn,
  otpFromMail,
  post,
  requestReset,
  STRONG_PASSWORD,
  signUpUser,
  verifiedOtp,
} from './support/accounts.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const otpRows = (email: string) => env.database.db.select().from(otps).where(eq(otps.email, email));
const userRow = async (email: string) =>
  (await env.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('sign-up with an e-mail OTP', () => {
  it('mails a branded sign-up code, verifies it and creates a signed-in account', async () => {
    const email = 'asha.signup@example.com';
    const sent = await post(env, '/users/otp', { email: 'Asha.Signup@Example.com ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'OTP sent to email successfully' });
    const mail = env.lastMail(email);
    expect(mail?.subject).toContain('sign-up');
    expect(mail?.html).toContain('Erti Pay');
    const code = otpFromMail(env, email);
    expect(mail?.html).toContain(code);
    const [row] = await otpRows(email);
    expect(row?.purpose).toBe('signup');
    expect(row?.codeHash).not.toContain(code);

    const verified = await post(env, '/users/verify', { email, OTP: code });
    expect(verified.json()).toEqual({ message: 'OTP is verified' });

    const created = await post(env, '/users/', {
      name: 'Asha Rao',
      email,
      phone: '9876543210',
      password: STRONG_PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'user created', UserId: expect.stringMatching(/^usr_/) });
    const { Token, UserId } = created.json();
    const profile = await env.app.inject({ url: `/api/users/profile/${UserId}`, headers: bearer(Token) });
    expect(profile.json()).toEqual({
      _id: UserId,
      name: 'Asha Rao',
      email,
      phone: '9876543210',
      pic: null,
      role: 'user',
      language: 'en',
    });
    expect((await userRow(email))?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses to create an account without a verified sign-up OTP, or with a password under 8 characters', async () => {
    const email = 'no.otp@example.com';
    const body = { name: 'No Otp', email, phone: '9876543210', password: STRONG_PASSWORD };
    const unverified = await post(env, '/users/', body);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe('OTP not verified');

    await verifiedOtp(env, email, 'signup');
    const short = await post(env, '/users/', { ...body, password: 'Secret1' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(messages.validation.weakPassword);
    const badPhone = await post(env, '/users', { ...body, phone: '98765' });
    expect(badPhone.statusCode).toBe(400);
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses a second account for the same e-mail', async () => {
    const email = 'twice@example.com';
    await signUpUser(env, email);
    const otpAgain = await post(env, '/users/otp', { email, purpose: 'signup' });
    expect(otpAgain.statusCode).toBe(409);
    expect(otpAgain.json().message).toBe('User creation failed. Email already exists');
    const again = await post(env, '/users/', {
      name: 'Again',
      email,
      phone: '9876543210',
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User creation failed. Email already exists');
  });

  it('rejects a malformed e-mail or OTP with a 400 and a message', async () => {
    const badEmail = await post(env, '/users/otp', { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBeTruthy();
    const badCode = await post(env, '/users/verify', { email: 'a@example.com', OTP: '12ab56' });
    expect(badCode.statusCode).toBe(400);
  });
});

describe('OTP rules', () => {
  it('waits 30 seconds before a new code, then retires the old one', async () => {
    const email = 'resend@example.com';
    expect((await post(env, '/users/otp', { email })).statusCode).toBe(200);
    const firstCode = otpFromMail(env, email);
    const tooSoon = await post(env, '/users/otp', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait (30|29) seconds before requesting a new OTP$/);

    await ageOtps(env, email, 31);
    expect((await post(env, '/users/otp', { email })).statusCode).toBe(200);
    const secondCode = otpFromMail(env, email);
    if (secondCode !== firstCode) {
      const old = await post(env, '/users/verify', { email, OTP: firstCode });
      expect(old.json().message).toBe('Invalid OTP or OTP expired');
    }
    expect((await post(env, '/users/verify', { email, OTP: secondCode })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'expired@example.com';
    await post(env, '/users/otp', { email });
    const code = otpFromMail(env, email);
    await ageOtps(env, email, 10 * 60 + 1);
    const late = await post(env, '/users/verify', { email, OTP: code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Invalid OTP or OTP expired');
  });

  it('refuses a code used twice', async () => {
    const email = 'reused@example.com';
    await post(env, '/users/otp', { email });
    const code = otpFromMail(env, email);
    expect((await post(env, '/users/verify', { email, OTP: code })).statusCode).toBe(200);
    const again = await post(env, '/users/verify', { email, OTP: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid OTP or OTP expired');
  });

  it('allows five wrong tries, then refuses even the right code until a new one is sent', async () => {
    const email = 'guesser@example.com';
    const headers = fromIp('10.1.0.1');
    await post(env, '/users/otp', { email });
    const code = otpFromMail(env, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await post(env, '/users/verify', { email, OTP: wrong }, headers);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Invalid OTP or OTP expired');
    }
    const sixth = await post(env, '/users/verify', { email, OTP: code }, headers);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(accountMessages.otpTooManyTries);
    expect((await otpRows(email))[0]?.verifiedAt).toBeNull();
  });

  it('does not accept one e-mail’s code for another e-mail', async () => {
    await post(env, '/users/otp', { email: 'owner@example.com' });
    const code = otpFromMail(env, 'owner@example.com');
    await post(env, '/users/otp', { email: 'other@example.com' });
    const otherCode = otpFromMail(env, 'other@example.com');
    const borrowed = await post(env, '/users/verify', { email: 'nobody@example.com', OTP: code });
    expect(borrowed.statusCode).toBe(400);
    if (otherCode !== code) {
      const crossed = await post(env, '/users/verify', { email: 'other@example.com', OTP: code });
      expect(crossed.json().message).toBe('Invalid OTP or OTP expired');
    }
    expect((await post(env, '/users/verify', { email: 'owner@example.com', OTP: code })).statusCode).toBe(
      200,
    );
  });

  it('answers 502 "Email sending failed" when the mail cannot go, leaving no code behind', async () => {
    const service = createOtpService({
      db: env.database.db,
      mailer: { send: async () => Promise.reject(new Error('SMTP down')) },
      codes: createOtpCodes(env.config.JWT_SECRET),
      clock: () => new Date(),
      logger: env.app.log,
      mailsPerAddress: 30,
    });
    const email = 'mail.down@example.com';
    const requester = { address: '10.1.0.9', knownDevice: false };
    await expect(service.send(email, 'signup', 'en', requester)).rejects.toMatchObject({
      statusCode: 502,
      message: 'Email sending failed',
    });
    expect(await otpRows(email)).toHaveLength(0);
    expect((await post(env, '/users/otp', { email })).statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  const email = 'signin@example.com';
  beforeAll(async () => {
    await signUpUser(env, email);
  });

  it('signs in with a verified login OTP and the password, using the OTP up', async () => {
    const answer = await logIn(env, email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ message: 'User Login success', UserId: expect.any(String) });
    expect(answer.json().Token.split('.')).toHaveLength(3);
    const again = await post(env, '/users/signin', { email, password: STRONG_PASSWORD });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('Please verify your OTP');
  });

  it('treats an OTP request without purpose as a login code for an existing account', async () => {
    await ageOtps(env, email, 31);
    await post(env, '/users/otp', { email });
    expect(env.lastMail(email)?.subject).toContain('login');
    expect((await post(env, '/users/verify', { email, OTP: otpFromMail(env, email) })).statusCode).toBe(200);
    expect((await post(env, '/users/signin', { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses sign-in without a verified login OTP', async () => {
    const answer = await post(env, '/users/signin', { email, password: STRONG_PASSWORD });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('Please verify your OTP');
  });

  it('refuses a login OTP verified more than 10 minutes ago', async () => {
    await verifiedOtp(env, email, 'login');
    await ageOtps(env, email, 10 * 60 + 1, 'login');
    const answer = await post(env, '/users/signin', { email, password: STRONG_PASSWORD });
    expect(answer.statusCode).toBe(403);
  });

  it('answers a login OTP request for an unknown e-mail as for an account, and mails no code', async () => {
    const answer = await post(env, '/users/otp', { email: 'ghost@example.com', purpose: 'login' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'OTP sent to email successfully' });
    expect(env.lastMail('ghost@example.com')?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('answers a wrong password with the spec text and locks the account after 5 failures', async () => {
    const lockedEmail = 'locked@example.com';
    await signUpUser(env, lockedEmail);
    await verifiedOtp(env, lockedEmail, 'login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await post(
        env,
        '/users/signin',
        { email: lockedEmail, password: 'Wrong1234' },
        fromIp(`10.2.0.${attempt}`),
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Signin failed. Please check your credentials.');
    }
    const locked = await post(env, '/users/signin', { email: lockedEmail, password: STRONG_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(accountMessages.signinLocked(15));
  });

  it('limits failed sign-ins per IP across accounts', async () => {
    const headers = fromIp('10.3.0.1');
    await env.database.db
      .insert(loginFailures)
      .values({ key: 'signin:ip:10.3.0.1', failures: 20, windowStart: new Date() });
    const answer = await post(env, '/users/signin', { email, password: STRONG_PASSWORD }, headers);
    expect(answer.statusCode).toBe(429);
    expect((await post(env, '/users/signin', { email, password: 'x' }, fromIp('10.3.0.2'))).statusCode).toBe(
      403,
    );
  });
});

describe('password reset', () => {
  const email = 'reset@example.com';
  let oldToken: string;
  beforeAll(async () => {
    oldToken = (await signUpUser(env, email)).Token;
  });

  it('answers "Invalid User" for an e-mail without an account', async () => {
    const answer = await post(env, '/users/resetPassword', { email: 'nobody.here@example.com' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('Invalid User');
  });

  it('asks for a new code in this browser when the browser asked for no reset', async () => {
    const answer = await post(env, '/users/newPassword', { password: 'NewPass123', OTP: '123456' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: accountMessages.resetInThisBrowser,
      messageKey: 'account.resetInThisBrowser',
    });
  });

  it('resets the password with the mailed code, ends old sessions and refuses the code twice', async () => {
    const sent = await post(env, '/users/resetPassword', { email });
    expect(sent.json()).toEqual({ message: 'Reset email sent successfully' });
    expect(env.lastMail(email)?.subject).toContain('password reset');
    const code = otpFromMail(env, email);
    const browser = { cookie: cookiesOf(sent) };
    const viaVerify = await post(env, '/users/verify', { email, OTP: code });
    expect(viaVerify.statusCode).toBe(400);

    const reset = await post(env, '/users/newPassword', { password: 'NewPass123', OTP: code }, browser);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successfully' });
    expect(env.lastMail(email)?.subject).toContain('password was changed');
    const reused = await post(env, '/users/newPassword', { password: 'Other1234', OTP: code }, browser);
    expect(reused.json().message).toBe('Invalid OTP');

    const oldSession = await env.app.inject({ url: '/api/users/profile/x', headers: bearer(oldToken) });
    expect(oldSession.statusCode).toBe(401);
    expect((await logIn(env, email, STRONG_PASSWORD)).statusCode).toBe(401);
    await ageOtps(env, email, 31, 'login');
    expect((await post(env, '/users/signin', { email, password: 'NewPass123' })).statusCode).toBe(200);
  });

  it('refuses a new password under 8 characters without using the code, and takes 8 of any kind', async () => {
    const { code, cookie } = await requestReset(env, email);
    const short = await post(env, '/users/newPassword', { password: 'abcdefg', OTP: code }, { cookie });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 8 characters');
    // No composition rule (NIST SP 800-63B): eight letters are enough.
    const eight = await post(env, '/users/newPassword', { password: 'abcdefgh', OTP: code }, { cookie });
    expect(eight.statusCode).toBe(200);
  });

  it('limits wrong reset codes per address, then refuses even a right one from that address', async () => {
    const address = fromIp('10.4.0.1');
    // Each reset dies after 5 wrong codes, so two browsers' resets give the address its 10.
    for (let reset = 1; reset <= 2; reset++) {
      const { code, cookie } = await requestReset(env, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt++) {
        const body = { password: 'Guess1234', OTP: wrong };
        const answer = await post(env, '/users/newPassword', body, { ...address, cookie });
        expect(answer.statusCode).toBe(400);
      }
    }
    const { code, cookie } = await requestReset(env, email);
    const right = { password: 'Right1234', OTP: code };
    const blocked = await post(env, '/users/newPassword', right, { ...address, cookie });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(accountMessages.wrongCodesLocked(10));
    const elsewhere = await post(env, '/users/newPassword', right, { ...fromIp('10.4.0.2'), cookie });
    expect(elsewhere.statusCode).toBe(200);
  });
});
