import { and, eq, sql } from 'drizzle-orm';
import { type OtpRowPurpose, otps } from '../../src/db/schema/accounts.ts';
import type { TestEnv } from './test-env.ts';

export const STRONG_PASSWORD = 'Secret123';

/** A request from its own client IP, so that per-IP limits of one test do not touch another. */
export const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

export async function post(
  env: TestEnv,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return env.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
}

/** The 6-digit code of the newest mail to `email`. */
export function otpFromMail(env: TestEnv, email: string): string {
  const code = env.lastMail(email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No OTP mail for ${email}`);
  return code;
}

/** Makes the OTPs of `email` look `seconds` older (sent, expiring and verified earlier). */
export async function ageOtps(env: TestEnv, email: string, seconds: number, purpose?: OtpRowPurpose) {
  const interval = sql.raw(`interval '${seconds} seconds'`);
  await env.database.db
    .update(otps)
    .set({
      createdAt: sql`${otps.createdAt} - ${interval}`,
      expiresAt: sql`${otps.expiresAt} - ${interval}`,
      verifiedAt: sql`${otps.verifiedAt} - ${interval}`,
    })
    .where(purpose ? and(eq(otps.email, email), eq(otps.purpose, purpose)) : eq(otps.email, email));
}

/**
 * Sends and verifies an OTP of `purpose` for `email` through the api. Earlier codes are first made
 * older than the resend wait, so that a test may call it again at once.
 */
export async function verifiedOtp(env: TestEnv, email: string, purpose: 'signup' | 'login' | 'email') {
  await ageOtps(env, email, 31, purpose);
  const sent = await post(env, '/users/otp', { email, purpose });
  if (sent.statusCode !== 200) throw new Error(`OTP not sent: ${sent.body}`);
  const verified = await post(env, '/users/verify', { email, OTP: otpFromMail(env, email) });
  if (verified.statusCode !== 200) throw new Error(`OTP not verified: ${verified.body}`);
}

/** Signs a new user up through the api; answers the sign-up response (Token, UserId). */
export async function signUpUser(
  env: TestEnv,
  email: string,
  profile: { name?: string; phone?: string; password?: string } = {},
): Promise<{ Token: string; UserId: string; message: string }> {
  await verifiedOtp(env, email, 'signup');
  const created = await post(env, '/users/', {
    name: profile.name ?? 'Asha Rao',
    email,
    phone: profile.phone ?? '9876543210',
    password: profile.password ?? STRONG_PASSWORD,
  });
  if (created.statusCode !== 201) throw new Error(`Sign-up failed: ${created.body}`);
  return created.json();
}

/** Logs an existing user in with a login OTP and the password; answers the raw response. */
export async function logIn(env: TestEnv, email: string, password = STRONG_PASSWORD) {
  await verifiedOtp(env, email, 'login');
  return post(env, '/users/signin', { email, password });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The `Cookie` header a browser sends back after this answer (each cookie's name and value). */
export function cookiesOf(answer: { cookies: { name: string; value: string }[] }): string {
  return answer.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
}

/**
 * Asks for a password reset of `email` as a browser would, and answers the code mailed and the
 * browser's cookie that names the reset (decision 104).
 */
export async function requestReset(env: TestEnv, email: string, headers: Record<string, string> = {}) {
  await ageOtps(env, email, 31, 'reset');
  const answer = await post(env, '/users/resetPassword', { email }, headers);
  if (answer.statusCode !== 200) throw new Error(`Reset not sent: ${answer.body}`);
  return { code: otpFromMail(env, email), cookie: cookiesOf(answer) };
}
