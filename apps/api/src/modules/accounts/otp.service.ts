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
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { newId } from '../../lib/ids.ts';
import { accountLimits } from './account-limits.ts';
import { isUniqueViolation } from './accounts.repository.ts';
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
  retireExpiredLookup,
  retirePendingOtps,
} from './otp.repository.ts';
import type { OtpCodes } from './otp-codes.ts';
import { otpMail } from './otp-mail.ts';

const VALID_MS = OTP_VALID_MINUTES * 60_000;
/** The OTPs that `POST /users/verify` checks; reset codes are redeemed by `newPassword` instead. */
const VERIFIABLE: OtpRowPurpose[] = ['signup', 'login', 'email'];
/** Tries to find a reset code no other pending reset holds; a clash is one in a million per pending reset. */
const RESET_CODE_ATTEMPTS = 5;

export interface OtpServiceDeps {
  db: Database;
  mailer: Mailer;
  codes: OtpCodes;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/**
 * E-mail one-time passwords: six random digits, kept only as keyed digests, valid 10 minutes,
 * usable once, dead after 5 wrong tries, and not re-sent within 30 seconds. A newer code of the
 * same e-mail and purpose retires the older ones.
 */
export function createOtpService(deps: OtpServiceDeps) {
  const { db, codes, clock } = deps;

  async function assertMaySend(email: string, purpose: OtpRowPurpose, now: Date) {
    const lastSentAt = await newestOtpSentAt(db, email, purpose);
    const waitMs = lastSentAt ? lastSentAt.getTime() + OTP_RESEND_WAIT_SECONDS * 1000 - now.getTime() : 0;
    if (waitMs > 0) throw tooManyRequests(accountMessages.otpWait(Math.ceil(waitMs / 1000)));
    if (await failureLimiter.lockedForSeconds(db, [accountLimits.otpSends(email)], now)) {
      throw tooManyRequests(accountMessages.otpTooManySends);
    }
  }

  /** Stores a new OTP and answers its code and row id. */
  async function store(email: string, purpose: OtpRowPurpose, now: Date) {
    await retirePendingOtps(db, email, purpose, now);
    const row = { email, purpose, expiresAt: new Date(now.getTime() + VALID_MS), createdAt: now };
    if (purpose !== 'reset') {
      const code = codes.generate();
      const id = newId('otp');
      await insertOtp(db, { ...row, id, codeHash: codes.codeDigest(email, purpose, code) });
      return { id, code };
    }
    for (let attempt = 0; attempt < RESET_CODE_ATTEMPTS; attempt++) {
      const code = codes.generate();
      const id = newId('otp');
      const lookupHash = codes.lookupDigest(code);
      await retireExpiredLookup(db, lookupHash, now);
      try {
        await insertOtp(db, { ...row, id, lookupHash, codeHash: codes.codeDigest(email, purpose, code) });
        return { id, code };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError('UNAVAILABLE', messages.errors.otpSendError);
  }

  /**
   * Sends a new OTP by e-mail, in the language the requester reads the site in. A mail failure
   * leaves no code behind, so the user may retry at once.
   */
  async function send(email: string, purpose: OtpRowPurpose, language: Language): Promise<void> {
    const now = clock();
    await assertMaySend(email, purpose, now);
    const { id, code } = await store(email, purpose, now);
    try {
      await deps.mailer.send(otpMail(email, purpose, code, language));
    } catch (error) {
      deps.logger.warn({ err: error, purpose }, 'OTP e-mail failed');
      await deleteOtp(db, id);
      throw new AppError('BAD_GATEWAY', messages.errors.emailSendingFailed);
    }
    await failureLimiter.recordFailure(db, [accountLimits.otpSends(email)], now);
  }

  /** Checks a sign-up, login or new-address code of `email`; the verification then lasts 10 minutes. */
  async function verify(email: string, code: string, ip: string): Promise<void> {
    const now = clock();
    const ipCounter = accountLimits.otpCodeIp(ip);
    const lockedFor = await failureLimiter.lockedForSeconds(db, [ipCounter], now);
    if (lockedFor > 0) throw tooManyRequests(accountMessages.wrongCodesLocked(minutesFrom(lockedFor)));
    const otp = await findUnverifiedOtp(db, email, VERIFIABLE, now);
    if (otp && !(await reserveTry(db, otp.id, OTP_MAX_WRONG_TRIES))) {
      throw tooManyRequests(accountMessages.otpTooManyTries);
    }
    if (!otp || !codes.matches(otp.codeHash, email, otp.purpose, code)) {
      await failureLimiter.recordFailure(db, [ipCounter], now);
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
   * Finds the pending reset a code names. Wrong codes count per IP and overall, since no
   * pending reset can be blamed for them.
   */
  async function findReset(code: string, ip: string): Promise<OtpRow> {
    const now = clock();
    const counters = [accountLimits.resetCodeIp(ip), accountLimits.resetCodeOverall];
    const lockedFor = await failureLimiter.lockedForSeconds(db, counters, now);
    if (lockedFor > 0) throw tooManyRequests(accountMessages.wrongCodesLocked(minutesFrom(lockedFor)));
    const otp = await findPendingReset(db, codes.lookupDigest(code), now);
    if (!otp || !codes.matches(otp.codeHash, otp.email, 'reset', code)) {
      await failureLimiter.recordFailure(db, counters, now);
      throw badRequest(messages.api.invalidOtp);
    }
    return otp;
  }

  return { send, verify, findVerified, consume, findReset };
}

export type OtpService = ReturnType<typeof createOtpService>;
