import {
  accountMessages,
  type ComplaintVerificationResponse,
  type Language,
  messages,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_WAIT_SECONDS,
  OTP_VALID_MINUTES,
} from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { keyedMessage } from '../../answer-messages.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, forbidden, tooManyRequests } from '../../errors.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { translatorFor } from '../../lib/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { rateLimitKeyOf } from '../../plugins/rate-limit.ts';
import type { OtpCodes } from '../accounts/index.ts';
import { payerCodeMail } from './complaint-mail.ts';
import { complaintMessages } from './complaint-messages.ts';
import {
  countCodeMisses,
  countCodesAskedBy,
  countCodesTo,
  deleteComplaintCode,
  findPaymentOwner,
  insertComplaintCode,
  newestComplaintCode,
  type PaymentOwner,
  recordCodeMiss,
  reserveCodeTry,
  returnCodeTry,
} from './payer-codes.repository.ts';

const HOUR_MS = 60 * 60_000;
/** Codes one requesting address (an IPv6 one by its /64) may have mailed in an hour, to anyone. */
const CODES_PER_REQUESTER_PER_HOUR = 5;
/**
 * Codes one payer's address receives in an hour, whoever asks. Strangers from many addresses can use
 * it up; the payer can still log in (complaint codes spend nothing of the login mails' allowance).
 */
const CODES_PER_PAYER_PER_HOUR = 10;
/** Wrong codes one requesting address may enter in the window, for any payments. */
const WRONG_CODES_PER_REQUESTER = 10;
const WRONG_CODES_WINDOW_MINUTES = 10;

/** An address as the code's answer names it: its first letters and the end of its domain (a***@g***.com). */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const topLevel = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${topLevel}`;
}

/** The purpose a code's digest is bound to: one payment (and, by the digest, one address). */
const purposeOf = (txnReferenceId: string) => `complaint:${txnReferenceId}`;

/**
 * Proof that a complaint about a payment comes from its payer when the caller is not signed in as
 * them (decision 106): a 6-digit code mailed to the payer's own address, never to one the caller
 * typed. Only a payment's newest code counts, for 10 minutes; wrong codes are limited per code and
 * per requesting address, and mails per requesting address and per payer.
 */
export function createPayerVerification(deps: {
  db: Database;
  mailer: Mailer;
  codes: OtpCodes;
  clock: () => Date;
  logger: FastifyBaseLogger;
}) {
  const { db, codes, clock } = deps;

  /** The payer of our payment with this Txn ID; a Txn ID that is not ours is refused as unknown. */
  async function paymentOwner(txnReferenceId: string): Promise<PaymentOwner> {
    const owner = await findPaymentOwner(db, txnReferenceId);
    if (!owner) throw badRequest(complaintMessages.txnNotFound(txnReferenceId));
    return owner;
  }

  async function assertMaySend(txnReferenceId: string, email: string, requester: string, now: Date) {
    const newest = await newestComplaintCode(db, txnReferenceId);
    const waitMs = newest ? newest.createdAt.getTime() + OTP_RESEND_WAIT_SECONDS * 1000 - now.getTime() : 0;
    if (waitMs > 0) throw tooManyRequests(accountMessages.otpWait(Math.ceil(waitMs / 1000)));
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const byRequester = await countCodesAskedBy(db, requester, hourAgo);
    if (byRequester >= CODES_PER_REQUESTER_PER_HOUR) throw tooManyRequests(complaintMessages.tooManyCodes);
    const toPayer = await countCodesTo(db, email, hourAgo);
    if (toPayer >= CODES_PER_PAYER_PER_HOUR) throw tooManyRequests(complaintMessages.tooManyCodes);
  }

  /** Mails a new code to the payer of `txnReferenceId`; answers where, masked. */
  async function sendCode(
    txnReferenceId: string,
    caller: { ip: string; language: Language },
  ): Promise<ComplaintVerificationResponse> {
    const owner = await paymentOwner(txnReferenceId);
    const { email } = owner;
    if (!email) throw badRequest(complaintMessages.noPayerAddress);
    const now = clock();
    const requester = rateLimitKeyOf(caller.ip);
    await assertMaySend(txnReferenceId, email, requester, now);
    const code = codes.generate();
    const id = newId('cco');
    await insertComplaintCode(db, {
      id,
      txnReferenceId,
      email,
      codeHash: codes.codeDigest(email, purposeOf(txnReferenceId), code),
      senderIp: requester,
      expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000),
      createdAt: now,
    });
    try {
      // The payer's mail, so the payer's language; the caller's only for an account without one.
      const translator = translatorFor(owner.language ?? caller.language);
      await deps.mailer.send(payerCodeMail(email, txnReferenceId, code, translator));
    } catch (error) {
      deps.logger.warn({ err: error }, 'complaint code e-mail failed');
      await deleteComplaintCode(db, id);
      throw new AppError('BAD_GATEWAY', messages.errors.emailSendingFailed);
    }
    const sentTo = maskedAddress(email);
    return { sentTo, ...keyedMessage('complaints.codeSent', { sentTo, minutes: OTP_VALID_MINUTES }) };
  }

  async function refuseWrongCode(requester: string, now: Date): Promise<never> {
    await recordCodeMiss(db, newId('ccm'), requester, now);
    throw badRequest(complaintMessages.wrongCode);
  }

  /** Passes when `code` is the payment's newest code, live, mailed to the payer's current address. */
  async function checkCode(txnReferenceId: string, owner: PaymentOwner, code: string, ip: string) {
    const now = clock();
    const requester = rateLimitKeyOf(ip);
    const windowStart = new Date(now.getTime() - WRONG_CODES_WINDOW_MINUTES * 60_000);
    if ((await countCodeMisses(db, requester, windowStart)) >= WRONG_CODES_PER_REQUESTER) {
      throw tooManyRequests(accountMessages.wrongCodesLocked(WRONG_CODES_WINDOW_MINUTES));
    }
    const newest = await newestComplaintCode(db, txnReferenceId);
    if (!newest || !owner.email || newest.expiresAt <= now) return refuseWrongCode(requester, now);
    if (!(await reserveCodeTry(db, newest.id, OTP_MAX_WRONG_TRIES, now))) {
      throw tooManyRequests(complaintMessages.codeTriesUsed);
    }
    if (!codes.matches(newest.codeHash, owner.email, purposeOf(txnReferenceId), code)) {
      return refuseWrongCode(requester, now);
    }
    await returnCodeTry(db, newest.id);
  }

  /**
   * The payer's account when the caller may complain about the payment: signed in as its payer, or
   * holding the code mailed to the payer. Anyone else is told how to show it is theirs, and nothing
   * about the payment or a complaint about it.
   */
  async function payerOf(
    txnReferenceId: string,
    caller: { userId?: string; ip: string },
    code: string | undefined,
  ): Promise<string> {
    const owner = await paymentOwner(txnReferenceId);
    if (caller.userId === owner.userId) return owner.userId;
    if (code === undefined) throw forbidden(complaintMessages.payerOnly);
    await checkCode(txnReferenceId, owner, code, caller.ip);
    return owner.userId;
  }

  return { sendCode, payerOf };
}

export type PayerVerification = ReturnType<typeof createPayerVerification>;
