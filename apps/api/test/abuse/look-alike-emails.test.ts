import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messages, PLAIN_EMAIL_PATTERN } from '@erti/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts.ts';
import { hashPassword } from '../../src/modules/accounts/passwords.ts';
import { ageOtps, fromIp, otpFromMail, STRONG_PASSWORD, signUpUser } from '../support/accounts.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 6 through the whole api (real database, the sandbox's SMTP mailbox): an address that
 * only looks like a customer's never becomes a second account, a mail or a 5xx. What NFKC and
 * lower-casing make plain is the same account; what is still not a plain address is a 400 with the
 * form's own message (decision 107), before anything is stored or sent.
 */
const OWNER = 'alice@example.com';

let env: TestEnv;
let ownerId: string;
let nextIp = 1;
/** Each request from its own client address, so no per-address limit of one case touches another. */
const freshIp = () => fromIp(`203.0.113.${nextIp++}`);

beforeAll(async () => {
  env = await startTestEnv();
  ownerId = (await signUpUser(env, OWNER)).UserId;
});
afterAll(async () => {
  await env?.close();
});

const accountCount = async () => (await env.database.db.select({ total: count() }).from(users))[0]?.total;
const mailCount = () => env.sandbox.mailbox.list().length;

/** A POST whose body is sent as written: JSON text with escapes, or raw bytes. */
const postRaw = (url: string, payload: string | Buffer) =>
  env.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: { 'content-type': 'application/json', ...freshIp() },
  });
const postJson = (url: string, body: Record<string, unknown>) => postRaw(url, JSON.stringify(body));

/** The calls that carry an e-mail, each with the message of the form that makes it (spec section 5). */
const calls = [
  {
    name: 'sign-up OTP',
    url: '/users/otp',
    rest: { purpose: 'signup' },
    message: messages.validation.signupEmail,
  },
  {
    name: 'sign-up',
    url: '/users/',
    rest: { name: 'Mallory', phone: '9876543210', password: STRONG_PASSWORD },
    message: messages.validation.signupEmail,
  },
  {
    name: 'login OTP',
    url: '/users/otp',
    rest: { purpose: 'login' },
    message: messages.validation.loginEmail,
  },
  {
    name: 'OTP check',
    url: '/users/verify',
    rest: { OTP: '123456' },
    message: messages.validation.loginEmail,
  },
  {
    name: 'sign-in',
    url: '/users/signin',
    rest: { password: STRONG_PASSWORD },
    message: messages.validation.loginEmail,
  },
  { name: 'reset', url: '/users/resetPassword', rest: {}, message: messages.validation.resetEmail },
];

/** JSON bodies (as text) whose address is not a plain one, however it is normalised. */
const lookAlikes: Record<string, string> = {
  'Cyrillic а (U+0430)': JSON.stringify('\u0430lice@example.com'),
  'right-to-left override (U+202E)': JSON.stringify('alice@elpmaxe\u202e.com'),
  'zero-width space (U+200B)': JSON.stringify('al\u200bice@example.com'),
  // JSON.stringify would write the lone surrogate as the same escape: spelt out, as an attacker sends it.
  'lone surrogate (\\ud800)': '"alice\\ud800@example.com"',
  'trailing dot': JSON.stringify('alice@example.com.'),
};

const bodyWith = (emailJson: string, rest: Record<string, unknown>) =>
  `{"email":${emailJson}${Object.entries(rest)
    .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join('')}}`;

/** `{"email":"ali<FF FE>ce@example.com", …}`: bytes that are not UTF-8 at all. */
const invalidUtf8Body = (rest: Record<string, unknown>) => {
  const [before, after] = bodyWith('"ali@@ce@example.com"', rest).split('@@');
  return Buffer.concat([Buffer.from(before ?? ''), Buffer.from([0xff, 0xfe]), Buffer.from(after ?? '')]);
};

describe('look-alike addresses are refused with the form message, before anything is stored or sent', () => {
  const cases = calls.flatMap((call) => [
    ...Object.entries(lookAlikes).map(([kind, emailJson]) => ({
      ...call,
      kind,
      payload: bodyWith(emailJson, call.rest) as string | Buffer,
    })),
    { ...call, kind: 'invalid UTF-8 bytes', payload: invalidUtf8Body(call.rest) },
  ]);

  it.each(cases)('$name: $kind', async ({ url, payload, message }) => {
    const [accounts, mails] = [await accountCount(), mailCount()];
    const answer = await postRaw(url, payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION', fields: { email: message } });
    expect(answer.json().messageKey).toMatch(/^validation\./);
    expect(await accountCount()).toBe(accounts);
    expect(mailCount()).toBe(mails);
  });
});

describe('what normalises to the owner is the owner', () => {
  const sameAddress: Record<string, string> = {
    'fullwidth ａ (U+FF41)': '\uff41lice@example.com',
    'upper-case domain': 'alice@EXAMPLE.COM',
  };

  it.each(Object.entries(sameAddress))(
    '%s: login OTP, sign-in and reset reach the one account',
    async (_kind, typed) => {
      const accounts = await accountCount();
      await ageOtps(env, OWNER, 31);
      const sent = await postJson('/users/otp', { email: typed, purpose: 'login' });
      expect(sent.statusCode, sent.body).toBe(200);
      const verified = await postJson('/users/verify', { email: typed, OTP: otpFromMail(env, OWNER) });
      expect(verified.statusCode, verified.body).toBe(200);
      const signedIn = await postJson('/users/signin', { email: typed, password: STRONG_PASSWORD });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().UserId).toBe(ownerId);

      const reset = await postJson('/users/resetPassword', { email: typed });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(env.lastMail(OWNER)?.subject).toMatch(/reset/i);

      const signup = await postJson('/users/otp', { email: typed, purpose: 'signup' });
      expect(signup.statusCode).toBe(409);
      expect(signup.json().message).toBe(messages.api.userExists);
      expect(await accountCount()).toBe(accounts);
    },
  );
});

describe('addresses stored before decision 107 (migration 0010)', () => {
  const migration = readFileSync(
    fileURLToPath(new URL('../../src/db/migrations/0010_normal_email_addresses.sql', import.meta.url)),
    'utf8',
  );
  const stored = {
    bob: '\uff42ob@example.com',
    carolLookAlike: '\uff43arol@example.com',
    carol: 'carol@example.com',
    daveOne: '\uff44ave@example.com',
    daveTwo: 'd\uff41ve@example.com',
    eve: '\u0435ve@example.com',
  };
  const ids = Object.fromEntries(Object.keys(stored).map((name) => [name, `usr_stored_${name}`]));
  const emailOf = async (id: string | undefined) =>
    (
      await env.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, id ?? ''))
    )[0]?.email;

  beforeAll(async () => {
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    await env.database.db
      .insert(users)
      .values(
        Object.entries(stored).map(([name, email]) => ({ id: ids[name] ?? name, name, email, passwordHash })),
      );
    await env.database.db.execute(sql.raw(migration));
  });

  it('uses the same plain-address rule as the schema', () => {
    expect(migration).toContain(`'${PLAIN_EMAIL_PATTERN.source.replaceAll("'", "''")}'`);
  });

  it('folds a fullwidth address to its normal form, and the owner signs in with the plain one', async () => {
    expect(await emailOf(ids.bob)).toBe('bob@example.com');
    const sent = await postJson('/users/otp', { email: 'bob@example.com', purpose: 'login' });
    expect(sent.statusCode, sent.body).toBe(200);
    await postJson('/users/verify', { email: 'bob@example.com', OTP: otpFromMail(env, 'bob@example.com') });
    const answer = await postJson('/users/signin', { email: 'BOB@example.com', password: STRONG_PASSWORD });
    expect(answer.json().UserId).toBe(ids.bob);
  });

  it('leaves rows that would collide, and rows still not plain, as they were', async () => {
    expect(await emailOf(ids.carolLookAlike)).toBe(stored.carolLookAlike);
    expect(await emailOf(ids.carol)).toBe(stored.carol);
    expect(await emailOf(ids.daveOne)).toBe(stored.daveOne);
    expect(await emailOf(ids.daveTwo)).toBe(stored.daveTwo);
    expect(await emailOf(ids.eve)).toBe(stored.eve);
  });
});
