import {
  accountMessages,
  type Language,
  messages,
  type OtpPurpose,
  type SigninResponse,
} from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../errors.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { newId } from '../../lib/ids.ts';
import type { Auth } from '../../plugins/auth.ts';
import { accountLimits } from './account-limits.ts';
import {
  findActiveUserByEmail,
  insertUser,
  isUniqueViolation,
  revokeSession,
  revokeUserSessions,
  updateUser,
} from './accounts.repository.ts';
import { failureLimiter, minutesFrom } from './failure-limiter.ts';
import type { OtpService } from './otp.service.ts';
import { passwordChangedMail } from './otp-mail.ts';
import { hashPassword, passwordMatches } from './passwords.ts';

export interface AccountsServiceDeps {
  db: Database;
  otp: OtpService;
  issueToken: Auth['issueToken'];
  mailer: Mailer;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/**
 * Getting into an account: OTPs, sign-up, sign-in (password plus a verified login OTP) and
 * password reset.
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, otp } = deps;

  /**
   * Sends an OTP. Without a purpose it is a login code when the e-mail has an account and a
   * sign-up code otherwise; a purpose that cannot apply to this e-mail is refused before mailing.
   * The mail is in the request's language: its reader is at that screen (decision 090).
   */
  async function sendOtp(email: string, language: Language, requested?: OtpPurpose): Promise<void> {
    const user = await findActiveUserByEmail(db, email);
    const purpose = requested ?? (user ? 'login' : 'signup');
    if (purpose === 'signup' && user) throw conflict(messages.api.userExists);
    if (purpose === 'email' && user) throw conflict(accountMessages.emailTaken);
    if (purpose === 'login' && !user) throw notFound(accountMessages.noAccount);
    await otp.send(email, purpose, language);
  }

  /**
   * Creates the account of an e-mail whose sign-up OTP was verified, and signs it in. Its language
   * is the one the customer signed up in.
   */
  async function register(
    input: { name: string; email: string; phone: string; password: string },
    language: Language,
  ) {
    if (await findActiveUserByEmail(db, input.email)) throw conflict(messages.api.userExists);
    const signupOtp = await otp.findVerified(db, input.email, 'signup');
    if (!signupOtp) throw forbidden(messages.validation.registerOtpNotVerified);
    const { password, ...profile } = input;
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx): Promise<SigninResponse> => {
      if (!(await otp.consume(tx, signupOtp))) throw forbidden(messages.validation.registerOtpNotVerified);
      const user = await insertUser(tx, { id: newId('usr'), ...profile, passwordHash, language }).catch(
        (error) => {
          throw isUniqueViolation(error) ? conflict(messages.api.userExists) : error;
        },
      );
      const Token = await deps.issueToken(user.id, tx);
      return { message: messages.api.userCreated, Token, UserId: user.id };
    });
  }

  /**
   * Password plus a login OTP verified in the last 10 minutes (used up by the sign-in). Failures
   * are limited per account and per IP.
   */
  async function signIn(email: string, password: string, ip: string): Promise<SigninResponse> {
    const now = deps.clock();
    const counters = [accountLimits.signinAccount(email), accountLimits.signinIp(ip)];
    const lockedFor = await failureLimiter.lockedForSeconds(db, counters, now);
    if (lockedFor > 0) throw tooManyRequests(accountMessages.signinLocked(minutesFrom(lockedFor)));
    const user = await findActiveUserByEmail(db, email);
    const loginOtp = user && (await otp.findVerified(db, email, 'login'));
    if (!user || !loginOtp) throw forbidden(messages.validation.verifyOtp);
    if (!(await passwordMatches(user.passwordHash, password))) {
      await failureLimiter.recordFailure(db, counters, now);
      throw unauthorized(messages.errors.signinFailed);
    }
    return db.transaction(async (tx) => {
      if (!(await otp.consume(tx, loginOtp))) throw forbidden(messages.validation.verifyOtp);
      await failureLimiter.clear(tx, [accountLimits.signinAccount(email)]);
      const Token = await deps.issueToken(user.id, tx);
      return { message: messages.api.loginSuccess, Token, UserId: user.id };
    });
  }

  async function requestPasswordReset(email: string, language: Language): Promise<void> {
    if (!(await findActiveUserByEmail(db, email))) throw notFound(messages.errors.invalidUser);
    await otp.send(email, 'reset', language);
  }

  /**
   * Sets a new password from a reset code. The code names exactly one pending reset of one
   * e-mail; every session of the account ends, and the holder is told by e-mail.
   */
  async function resetPassword(password: string, code: string, ip: string): Promise<void> {
    const reset = await otp.findReset(code, ip);
    const user = await findActiveUserByEmail(db, reset.email);
    if (!user) throw badRequest(messages.api.invalidOtp);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const now = deps.clock();
      if (!(await otp.consume(tx, reset))) throw badRequest(messages.api.invalidOtp);
      await updateUser(tx, user.id, { passwordHash }, now);
      await revokeUserSessions(tx, user.id, now);
      await failureLimiter.clear(tx, [accountLimits.signinAccount(reset.email)]);
    });
    await deps.mailer.send(passwordChangedMail(reset.email, user.language)).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'password-changed e-mail failed');
    });
  }

  /** Ends one session: its token stops working at once, on every replica. */
  const logOut = (sessionId: string) => revokeSession(db, sessionId, deps.clock());

  return {
    sendOtp,
    verifyOtp: otp.verify,
    register,
    signIn,
    requestPasswordReset,
    resetPassword,
    logOut,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
