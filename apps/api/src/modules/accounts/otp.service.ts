import {
  accountMessages,
  type Language,
  messages,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_WAIT_SECONDS,
  OTP_VALID_MINUTES,
} from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { OtpRowPurpose } from '../../db/schema/accounts.ts';
import { AppError, badRequest, tooManyRequests } from '../../errors.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { newId } from '../../lib/ids.ts';
import { accountLimits } from './account-limits.ts';
import { failureLimiter, minutesFrom } from './failure-limiter.ts';
import {
  consumeOtp,
  deleteOtp,
  findPendingReset,
  findUnverifiedOtp,
  findVerifiedOtp,
  insertOtp,
  markVerified,
  newestOtpSentAt,
  type OtpRow,
  reserveTry,
  retirePendingOtps,
} from './otp.repository.ts';
import type { OtpCodes } from './otp-codes.ts';
import { otpMail } from './otp-mail.ts';

const VALID_MS = OTP_VALID_MINUTES * 60_000;
/** The OTPs that `POST /users/verify` checks; reset codes are redeemed by `newPassword` instead. */
const VERIFIABLE: OtpRowPurpose[] = ['signup', 'login', 'email'];

/**
 * Who asks for a code or tries one: the client's address (an IPv6 client by its /64), and whether
 * its browser signed in to the e-mail's account before (decision 104).
 */
export interface Requester {
  address: string;
  knownDevice: boolean;
}

export interface OtpServiceDeps {
  db: Database;
  mailer: Mailer;
  codes: OtpCodes;
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** OTP mails an hour from one address to anyone, but a browser known to the account (decision 104). */
  mailsPerAddress: number;
}

/**
 * E-mail one-time passwords: six random digits, kept only as keyed digests, valid 10 minutes,
 * usable once, dead after 5 wrong tries, and not re-sent within 30 seconds. A newer code of the
 * same e-mail and purpose retires the older ones asked for from the same kind of browser; a
 * password reset retires only the one its browser asked for before.
 */
export function createOtpService(deps: OtpServiceDeps) {
  const { db, codes, clock } = deps;

  /**
   * A browser known to the account has an allowance of its own; everyone else shares the e-mail's
   * other allowance and is also counted by address, so strangers cannot spend the owner's.
   */
  const sendCounters = (email: string, { address, knownDevice }: Requester) =>
    knownDevice
      ? [accountLimits.otpSends(email, true)]
      : [
          accountLimits.otpSends(email, false),
          accountLimits.otpSendsFromAddress(address, deps.mailsPerAddress),
        ];

  async function assertMaySend(email: string, purpose: OtpRowPurpose, requester: Requester, now: Date) {
    const lastSentAt = await newestOtpSentAt(db, email, purpose, requester.knownDevice);
    const waitMs = lastSentAt ? lastSentAt.getTime() + OTP_RESEND_WAIT_SECONDS * 1000 - now.getTime() : 0;
    if (waitMs > 0) throw tooManyRequests(accountMessages.otpWait(Math.ceil(waitMs / 1000)));
    if (await failureLimiter.lockedForSeconds(db, sendCounters(email, requester), now)) {
      throw tooManyRequests(accountMessages.otpTooManySends);
    }
  }

  /** Stores a new OTP and answers its code and row id; `replaces` is the reset this browser asked for before. */
  async function store(
    email: string,
    purpose: OtpRowPurpose,
    requester: Requester,
    now: Date,
    replaces: string | undefined,
  ) {
    if (purpose !== 'reset') await retirePendingOtps(db, email, purpose, now, requester.knownDevice);
    else if (replaces) await consumeOtp(db, replaces, now);
    const code = codes.generate();
    const id = newId('otp');
    await insertOtp(db, {
      id,
      email,
      purpose,
      knownDevice: requester.knownDevice,
      codeHash: codes.codeDigest(email, purpose, code),
      expiresAt: new Date(now.getTime() + VALID_MS),
      createdAt: now,
    });
    return { id, code };
  }

  /**
   * Sends a new OTP by e-mail, in the language the requester reads the site in, and answers its id.
   * `mail` words a mail other than the code's (an account that does not exist, decision 105). A
   * mail failure leaves no code behind, so the user may retry at once.
   */
  async function send(
    email: string,
    purpose: OtpRowPurpose,
    language: Language,
    requester: Requester,
    options: { replaces?: string; mail?: (code: string) => MailMessage } = {},
  ): Promise<string> {
    const now = clock();
    await assertMaySend(email, purpose, requester, now);
    const { id, code } = await store(email, purpose, requester, now, options.replaces);
    try {
      await deps.mailer.send(options.mail?.(code) ?? otpMail(email, purpose, code, language));
    } catch (error) {
      deps.logger.warn({ err: error, purpose }, 'OTP e-mail failed');
      await deleteOtp(db, id);
      throw new AppError('BAD_GATEWAY', messages.errors.emailSendingFailed);
    }
    await failureLimiter.recordFailure(db, sendCounters(email, requester), now);
    return id;
  }

  /**
   * Checks a sign-up, login or new-address code of `email` against the newest one asked for from
   * the same kind of browser; the verification then lasts 10 minutes.
   */
  async function verify(email: string, code: string, requester: Requester): Promise<void> {
    const now = clock();
    const addressCounter = accountLimits.otpCodeAddress(requester.address);
    const lockedFor = await failureLimiter.lockedForSeconds(db, [addressCounter], now);
    if (lockedFor > 0) throw tooManyRequests(accountMessages.wrongCodesLocked(minutesFrom(lockedFor)));
    const otp = await findUnverifiedOtp(db, email, VERIFIABLE, now, requester.knownDevice);
    if (otp && !(await reserveTry(db, otp.id, OTP_MAX_WRONG_TRIES))) {
      throw tooManyRequests(accountMessages.otpTooManyTries);
    }
    if (!otp || !codes.matches(otp.codeHash, email, otp.purpose, code)) {
      await failureLimiter.recordFailure(db, [addressCounter], now);
      throw badRequest(messages.errors.otpInvalidOrExpired);
    }
    if (!(await markVerified(db, otp.id, now))) throw badRequest(messages.errors.otpInvalidOrExpired);
  }

  /** The OTP of `email` for `purpose` verified in the last 10 minutes and not used yet. */
  const findVerified = (executor: Executor, email: string, purpose: OtpRowPurpose) =>
    findVerifiedOtp(executor, email, purpose, new Date(clock().getTime() - VALID_MS));

  /** Uses a verified OTP up; false when a parallel request used it first. */
  const consume = (executor: Executor, otp: OtpRow) => consumeOtp(executor, otp.id, clock());

  /**
   * The pending reset `resetId` (named by the browser's cookie) if `code` is its code. The code is
   * checked against that reset only: it dies after 5 wrong codes, and wrong codes count per address
   * (decision 104). Without the cookie the code alone is never tried.
   */
  async function findReset(resetId: string | undefined, code: string, address: string): Promise<OtpRow> {
    const now = clock();
    const addressCounter = accountLimits.resetCodeAddress(address);
    const lockedFor = await failureLimiter.lockedForSeconds(db, [addressCounter], now);
    if (lockedFor > 0) throw tooManyRequests(accountMessages.wrongCodesLocked(minutesFrom(lockedFor)));
    if (!resetId) throw badRequest(accountMessages.resetInThisBrowser);
    const reset = await findPendingReset(db, resetId, now);
    if (!reset) throw badRequest(messages.api.invalidOtp);
    if (!(await reserveTry(db, reset.id, OTP_MAX_WRONG_TRIES))) {
      throw tooManyRequests(accountMessages.otpTooManyTries);
    }
    if (!codes.matches(reset.codeHash, reset.email, 'reset', code)) {
      await failureLimiter.recordFailure(db, [addressCounter], now);
      throw badRequest(messages.api.invalidOtp);
    }
    return reset;
  }

  /** Retires every pending reset of `email` (its password just changed). */
  const retireResets = (executor: Executor, email: string) =>
    retirePendingOtps(executor, email, 'reset', clock());

  return { send, verify, findVerified, consume, findReset, retireResets };
}

export type OtpService = ReturnType<typeof createOtpService>;
