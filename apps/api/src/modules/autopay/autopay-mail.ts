import { formatPaise } from '@erti/contracts/rupees';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import { enqueueJob, type Job, type JobOutcome } from '../../jobs/job-queue.ts';
import { findPayer } from '../bills/bills.lookups.ts';
import { findMyBill, type MyBillRow } from '../my-bills/my-bills.repository.ts';
import { type DebitRow, findDebit } from './autopay.repository.ts';
import { debitAfterDueDate } from './autopay.rules.ts';

export const AUTOPAY_MAIL_JOB = 'autopay.mail';

/**
 * AutoPay's own mails (decision 079): the pre-debit notice with its skip link, "needs your approval"
 * for a bill it may not pay, and a debit that failed. The receipt of a debit is the order's own mail.
 */
export type AutopayMailKind = 'notice' | 'approval' | 'failed';

/** Queues one mail of a debit, once (its dedupe key), in the caller's transaction. */
export function queueAutopayMail(executor: Executor, debitId: string, kind: AutopayMailKind) {
  return enqueueJob(
    executor,
    AUTOPAY_MAIL_JOB,
    { debitId, kind },
    { dedupeKey: `${AUTOPAY_MAIL_JOB}:${debitId}:${kind}` },
  );
}

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

interface MailFacts {
  entry: MyBillRow;
  debit: DebitRow;
  publicUrl: string;
  skipUrl: string;
}

const payNow = (facts: MailFacts) => ({
  label: 'Pay now',
  href: `${facts.publicUrl}/billerdetails?myBill=${encodeURIComponent(facts.entry.id)}`,
});

const billLines = ({ entry, debit }: MailFacts) => [
  `Biller: ${entry.billerName}`,
  `Nickname: ${entry.nickname}`,
  `Bill number: ${debit.billNumber}`,
  `Amount: ${formatPaise(debit.amountPaise)}`,
];

/** A debit that cannot fall by the due date (the bill came too late for 24 hours' notice) says so. */
function lateLines({ entry, debit }: MailFacts): string[] {
  const dueDate = entry.billNumber === debit.billNumber ? entry.billDueDate : null;
  if (!dueDate || !debit.debitAt || !debitAfterDueDate(debit.debitAt, dueDate)) return [];
  return [
    `This is after the bill's due date (${dueDate}): the bill reached AutoPay too late to be paid sooner with the 24 hours' notice the rules require. To pay it on time, pay it yourself now; AutoPay will then not debit it.`,
  ];
}

const mails: Record<AutopayMailKind, (facts: MailFacts) => Omit<MailMessage, 'to'>> = {
  notice: (facts) => ({
    subject: `AutoPay will pay ${facts.entry.nickname} (${facts.entry.billerName}) on ${timeFormat.format(facts.debit.debitAt ?? new Date())}`,
    ...brandedEmail({
      title: 'AutoPay will pay your bill',
      paragraphs: [
        ...billLines(facts),
        `Debit on: ${timeFormat.format(facts.debit.debitAt ?? new Date())} (India time)`,
        ...lateLines(facts),
        'No convenience fee is charged on AutoPay. To pay this bill yourself, or not at all, skip this debit: AutoPay stays on for the next bill.',
      ],
      action: { label: 'Skip this debit', href: facts.skipUrl },
    }),
  }),
  approval: (facts) => ({
    subject: `${facts.entry.nickname}: this bill needs your approval`,
    ...brandedEmail({
      title: 'This bill needs your approval',
      paragraphs: [
        ...billLines(facts),
        facts.debit.reason ?? 'AutoPay did not pay this bill.',
        'AutoPay will not pay it. Please pay it yourself if it is right.',
      ],
      action: payNow(facts),
    }),
  }),
  failed: (facts) => ({
    subject: `${facts.entry.nickname}: AutoPay could not pay this bill`,
    ...brandedEmail({
      title: 'AutoPay could not pay your bill',
      paragraphs: [
        ...billLines(facts),
        facts.debit.reason ?? 'The payment did not go through.',
        'Please pay it yourself before the due date.',
      ],
      action: payNow(facts),
    }),
  }),
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
    const facts = { entry, debit, publicUrl: deps.config.PUBLIC_URL, skipUrl };
    await deps.mailer.send({ to: customer.email, ...mails[kind](facts) });
    deps.logger.info({ debitId, kind }, 'autopay mail sent');
    return undefined;
  };
}
