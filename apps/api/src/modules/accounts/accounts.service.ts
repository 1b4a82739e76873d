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
import type { Browser } from './browser-marks.ts';
import { failureLimiter, minutesFrom } from './failure-limiter.ts';
import type { OtpService, Requester } from './otp.service.ts';
import { noAccountMail, passwordChangedMail } from './otp-mail.ts';
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

  const unknownAccounts = (address: string) => [accountLimits.unknownAccounts(address)];

  /** An address that asked for many accounts that do not exist waits (decision 105). */
  async function assertNotProbing(address: string) {
    const lockedFor = await failureLimiter.lockedForSeconds(db, unknownAccounts(address), deps.clock());
    if (lockedFor > 0) throw tooManyRequests(accountMessages.tooManyAccountRequests(minutesFrom(lockedFor)));
  }

  const countUnknownAccount = (address: string) =>
    failureLimiter.recordFailure(db, unknownAccounts(address), deps.clock());

  /** The requester of a code for `user`'s e-mail: a browser that signed in to it before is known. */
  const requesterFor = (user: { id: string } | undefined, browser: Browser): Requester => ({
    address: browser.address,
    knownDevice: user !== undefined && user.id === browser.knownAccount,
  });

  /**
   * Sends an OTP. Without a purpose it is a login code when the e-mail has an account and a
   * sign-up code otherwise; a purpose that cannot apply to this e-mail is refused before mailing
   * in the spec's words. A login code for an e-mail without an account is answered as for one,
   * and its mail says there is no account (decision 105). The mail is in the request's language:
   * its reader is at that screen (decision 090).
   */
  async function sendOtp(
    email: string,
    language: Language,
    requested: OtpPurpose | undefined,
    browser: Browser,
  ): Promise<void> {
    await assertNotProbing(browser.address);
    const user = await findActiveUserByEmail(db, email);
    const purpose = requested ?? (user ? 'login' : 'signup');
    if (purpose === 'signup' && user) throw conflict(messages.api.userExists);
    if (purpose === 'email' && user) throw conflict(accountMessages.emailTaken);
    const requester = requesterFor(user, browser);
    if (purpose === 'login' && !user) {
      await countUnknownAccount(browser.address);
      await otp.send(email, purpose, language, requester, { mail: () => noAccountMail(email, language) });
      return;
    }
    await otp.send(email, purpose, language, requester);
  }

  /** Checks a code against the newest one asked for from the same kind of browser (decision 104). */
  async function verifyOtp(email: string, code: string, browser: Browser): Promise<void> {
    const user = browser.knownAccount ? await findActiveUserByEmail(db, email) : undefined;
    await otp.verify(email, code, requesterFor(user, browser));
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
   * are limited per account and per address.
   */
  async function signIn(email: string, password: string, address: string): Promise<SigninResponse> {
    const now = deps.clock();
    const counters = [accountLimits.signinAccount(email), accountLimits.signinAddress(address)];
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

  /**
   * Mails a reset code and answers the pending reset's id, which only the asking browser keeps
   * (decision 104); a reset this browser asked for before is retired. An e-mail without an account
   * is the spec's 'Invalid User', counted against the asking address (decision 105).
   */
  async function requestPasswordReset(email: string, language: Language, browser: Browser): Promise<string> {
    await assertNotProbing(browser.address);
    const user = await findActiveUserByEmail(db, email);
    if (!user) {
      await countUnknownAccount(browser.address);
      throw notFound(messages.errors.invalidUser);
    }
    return otp.send(email, 'reset', language, requesterFor(user, browser), { replaces: browser.resetId });
  }

  /**
   * Sets a new password from the code of the reset this browser asked for, and answers the
   * account's id. Every session of the account and every other pending reset end, and the holder
   * is told by e-mail.
   */
  async function resetPassword(password: string, code: string, browser: Browser): Promise<string> {
    const reset = await otp.findReset(browser.resetId, code, browser.address);
    const user = await findActiveUserByEmail(db, reset.email);
    if (!user) throw badRequest(messages.api.invalidOtp);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const now = deps.clock();
      if (!(await otp.consume(tx, reset))) throw badRequest(messages.api.invalidOtp);
      await otp.retireResets(tx, reset.email);
      await updateUser(tx, user.id, { passwordHash }, now);
      await revokeUserSessions(tx, user.id, now);
      await failureLimiter.clear(tx, [accountLimits.signinAccount(reset.email)]);
    });
    await deps.mailer.send(passwordChangedMail(reset.email, user.language)).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'password-changed e-mail failed');
    });
    return user.id;
  }

  /** Ends one session: its token stops working at once, on every replica. */
  const logOut = (sessionId: string) => revokeSession(db, sessionId, deps.clock());

  return {
    sendOtp,
    verifyOtp,
    register,
    signIn,
    requestPasswordReset,
    resetPassword,
    logOut,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
