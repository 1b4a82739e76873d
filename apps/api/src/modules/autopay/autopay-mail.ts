import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import { enqueueJob, type Job, type JobOutcome } from '../../jobs/job-queue.ts';
import { type Translator, translatorFor } from '../../lib/i18n.ts';
import { findPayer } from '../bills/index.ts';
import { billLines, findMyBill, type MyBillRow } from '../my-bills/index.ts';
import { type DebitRow, findDebit } from './autopay.repository.ts';
import { debitAfterDueDate, reasonKeyOf, stopReasons } from './autopay.rules.ts';

export const AUTOPAY_MAIL_JOB = 'autopay.mail';

/**
 * AutoPay's own mails (decision 079): the pre-debit notice with its skip link, "needs your approval"
 * for a bill it may not pay, a debit that failed, and a notice that ended without a debit, with why
 * not and what to do (decision 115). The receipt of a debit is the order's own mail.
 */
export type AutopayMailKind = 'notice' | 'approval' | 'failed' | 'not-debited';

/** Queues one mail of a debit, once (its dedupe key), in the caller's transaction. */
export function queueAutopayMail(executor: Executor, debitId: string, kind: AutopayMailKind) {
  return enqueueJob(
    executor,
    AUTOPAY_MAIL_JOB,
    { debitId, kind },
    { dedupeKey: `${AUTOPAY_MAIL_JOB}:${debitId}:${kind}` },
  );
}

export interface MailFacts {
  entry: MyBillRow;
  debit: DebitRow;
  publicUrl: string;
  skipUrl: string;
  /** The customer's language (the profile's). */
  translator: Translator;
}

const payNow = (facts: MailFacts) => ({
  label: facts.translator.t('mail.payNow'),
  href: `${facts.publicUrl}/billerdetails?myBill=${encodeURIComponent(facts.entry.id)}`,
});

const billLinesOf = ({ entry, debit, translator }: MailFacts) =>
  billLines(translator, {
    billerName: entry.billerName,
    nickname: entry.nickname,
    billNumber: debit.billNumber,
    amount: translator.t('mail.amount', { amount: translator.money(debit.amountPaise) }),
  });

/** A debit that cannot fall by the due date (the bill came too late for 24 hours' notice) says so. */
function lateLines({ entry, debit, translator }: MailFacts): string[] {
  const dueDate = entry.billNumber === debit.billNumber ? entry.billDueDate : null;
  if (!dueDate || !debit.debitAt || !debitAfterDueDate(debit.debitAt, dueDate)) return [];
  return [translator.t('autopay.notice.late', { dueDate: translator.day(dueDate, 'medium') })];
}

/**
 * Why AutoPay did not pay, in the customer's language: the recorded reason's own words when AutoPay
 * wrote it, else as recorded (an approval's, with its amounts), else the mail's general one.
 */
function reasonOf({ debit, translator }: MailFacts, kind: 'approval' | 'failed'): string {
  const key = reasonKeyOf(debit.reason);
  if (key) return translator.t(`autopay.why.${key}`);
  return debit.reason ?? translator.t(`autopay.${kind}.reason`);
}

/** Reasons after which there is nothing to pay: the mail links to My Bills rather than to Pay now. */
const nothingToPay = new Set<string>([stopReasons.paidHere, stopReasons.payingHere, stopReasons.billGone]);

/** A notice that did not end in a debit (decision 115): when it was promised, why not, what to do. */
function notDebited(facts: MailFacts) {
  const { t } = facts.translator;
  const key = reasonKeyOf(facts.debit.reason) ?? 'billChanged';
  const time = facts.translator.dateTime(facts.debit.debitAt ?? new Date());
  return {
    subject: t('autopay.notDebited.subject', { nickname: facts.entry.nickname }),
    ...brandedEmail({
      title: t('autopay.notDebited.title'),
      paragraphs: [
        ...billLinesOf(facts),
        t('autopay.notDebited.promised', { time }),
        t(`autopay.why.${key}`),
        t(`autopay.next.${key}`),
      ],
      action: nothingToPay.has(facts.debit.reason ?? '')
        ? { label: t('autopay.notDebited.myBills'), href: `${facts.publicUrl}/my-bills` }
        : payNow(facts),
      translator: facts.translator,
    }),
  };
}

/** A bill AutoPay did not pay (above its limits, or declined): why, and that the customer pays it. */
const notPaid = (kind: 'approval' | 'failed') => (facts: MailFacts) => {
  const { t } = facts.translator;
  return {
    subject: t(`autopay.${kind}.subject`, { nickname: facts.entry.nickname }),
    ...brandedEmail({
      title: t(`autopay.${kind}.title`),
      paragraphs: [...billLinesOf(facts), reasonOf(facts, kind), t(`autopay.${kind}.ask`)],
      action: payNow(facts),
      translator: facts.translator,
    }),
  };
};

/** Each AutoPay mail's subject and body, in the customer's language. */
export const autopayMails: Record<AutopayMailKind, (facts: MailFacts) => Omit<MailMessage, 'to'>> = {
  notice: (facts) => {
    const { t } = facts.translator;
    const time = facts.translator.dateTime(facts.debit.debitAt ?? new Date());
    return {
      subject: t('autopay.notice.subject', {
        nickname: facts.entry.nickname,
        biller: facts.entry.billerName,
        time,
      }),
      ...brandedEmail({
        title: t('autopay.notice.title'),
        paragraphs: [
          ...billLinesOf(facts),
          t('autopay.notice.debitOn', { time }),
          ...lateLines(facts),
          t('autopay.notice.noFee'),
        ],
        action: { label: t('autopay.notice.skip'), href: facts.skipUrl },
        translator: facts.translator,
      }),
    };
  },
  approval: notPaid('approval'),
  failed: notPaid('failed'),
  'not-debited': notDebited,
};

export interface AutopayMailDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL'>;
  logger: FastifyBaseLogger;
  skipTokenFor: (debitId: string) => string;
}

/** The `autopay.mail` job: one mail of one debit; a failed send is retried by the queue. */
export function createAutopayMail(deps: AutopayMailDeps) {
  return async function sendAutopayMail(job: Job): Promise<JobOutcome> {
    const { debitId, kind } = job.payload as { debitId: string; kind: AutopayMailKind };
    const debit = await findDebit(deps.db, debitId);
    const entry = debit && (await findMyBill(deps.db, debit.myBillId));
    if (!debit || !entry) return undefined;
    // A notice for a debit already skipped or ended is not sent late.
    if (kind === 'notice' && debit.status !== 'scheduled') return undefined;
    const customer = await findPayer(deps.db, debit.userId);
    if (!customer?.email) return undefined;
    const skipUrl = `${deps.config.PUBLIC_URL}/api/my-bills/autopay/skip?token=${encodeURIComponent(deps.skipTokenFor(debit.id))}`;
    const facts = {
      entry,
      debit,
      publicUrl: deps.config.PUBLIC_URL,
      skipUrl,
      translator: translatorFor(customer.language),
    };
    await tellCustomer(deps.mailer, customer.email, autopayMails[kind](facts));
    deps.logger.info({ debitId, kind }, 'autopay mail sent');
    return undefined;
  };
}

/**
 * The one place AutoPay tells a customer something (decision 115): by mail. An SMS, where the
 * customer chose one, joins here once there is a provider to send it (issue 39).
 */
function tellCustomer(mailer: Mailer, email: string, message: Omit<MailMessage, 'to'>): Promise<void> {
  return mailer.send({ to: email, ...message });
}
