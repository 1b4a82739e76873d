import { formatPaise } from '@erti/contracts/rupees';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import type { Job, JobOutcome } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { findPayer } from '../bills/bills.lookups.ts';
import { convenienceFee, findBiller } from '../catalogue/catalogue.lookups.ts';
import type { BillChecks } from './bill-checks.ts';
import {
  claimReminder,
  findMyBill,
  type MyBillRow,
  paymentKey,
  paymentsOfBills,
  type ReminderKind,
  unclaimReminder,
} from './my-bills.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * A reminder that finds the bill's check under way, or its biller's turn taken, looks again after
 * this long and up to as long again at random, so that a biller's reminders of one morning spread out.
 */
const BUSY_RETRY_MS = 5_000;

const dueDateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });
/** '27 Nov 2026' for 2026-11-27; a date the network wrote otherwise is shown as sent. */
const formatDueDate = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(time) ? dueDateFormat.format(time) : day;
};

const headlines: Record<ReminderKind, (entry: MyBillRow) => { subject: string; title: string }> = {
  new: (entry) => ({
    subject: `New bill for ${entry.nickname} (${entry.billerName})`,
    title: 'Your new bill is here',
  }),
  'due-in-3-days': (entry) => ({
    subject: `${entry.nickname}: bill due in 3 days`,
    title: 'Bill due in 3 days',
  }),
  'due-tomorrow': (entry) => ({
    subject: `${entry.nickname}: bill due tomorrow`,
    title: 'Bill due tomorrow',
  }),
  overdue: (entry) => ({ subject: `${entry.nickname}: bill overdue`, title: 'Your bill is overdue' }),
};

/** The reminder mail: biller, nickname, amount with our fee, due date, Pay now, one-click unsubscribe. */
export function reminderMail(options: {
  to: string;
  kind: ReminderKind;
  entry: MyBillRow & { billNumber: string; billAmountPaise: number; billDueDate: string };
  feePaise: number;
  publicUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const { entry, feePaise, publicUrl } = options;
  const { subject, title } = headlines[options.kind](entry);
  const unsubscribeUrl = `${publicUrl}/api/my-bills/unsubscribe?token=${encodeURIComponent(options.unsubscribeToken)}`;
  const amount = formatPaise(entry.billAmountPaise);
  const total = formatPaise(entry.billAmountPaise + feePaise);
  const body = brandedEmail({
    title,
    paragraphs: [
      `Biller: ${entry.billerName}`,
      `Nickname: ${entry.nickname}`,
      `Bill number: ${entry.billNumber}`,
      feePaise > 0
        ? `Amount: ${total} (${amount} and a convenience fee of ${formatPaise(feePaise)})`
        : `Amount: ${amount}`,
      `Due date: ${formatDueDate(entry.billDueDate)}`,
    ],
    action: { label: 'Pay now', href: `${publicUrl}/billerdetails?myBill=${encodeURIComponent(entry.id)}` },
    unsubscribe: { label: 'Stop reminders for this bill', href: unsubscribeUrl },
  });
  return {
    to: options.to,
    subject,
    ...body,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface RemindersDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL'>;
  logger: FastifyBaseLogger;
  checks: Pick<BillChecks, 'checkNow'>;
  tokens: UnsubscribeTokens;
}

/**
 * The `my-bills.remind` job: one reminder of one bill (decision 072). A reminder by the due date
 * first asks the network again; none goes out when reminders are off, the network no longer
 * presents the bill, or it is paid or being paid on Erti Pay. Each is claimed in `bill_reminders`
 * before the mail is sent, so none goes out twice; a mail that fails gives its claim back.
 */
export function createReminders(deps: RemindersDeps) {
  const { db } = deps;

  async function presentedEntry(myBillId: string, kind: ReminderKind) {
    const entry = await findMyBill(db, myBillId);
    if (!entry?.remindersOn || kind === 'new') return { entry };
    if ((await deps.checks.checkNow(entry)) === 'busy') return { busy: true as const };
    return { entry: await findMyBill(db, myBillId) };
  }

  return async function sendReminder(job: Job): Promise<JobOutcome> {
    const { myBillId, billNumber, kind } = job.payload as {
      myBillId: string;
      billNumber: string;
      kind: ReminderKind;
    };
    const found = await presentedEntry(myBillId, kind);
    if ('busy' in found) return { retryAfterMs: Math.round(BUSY_RETRY_MS * (1 + Math.random())) };
    const { entry } = found;
    if (!entry?.remindersOn || entry.presentment !== 'bill' || entry.billNumber !== billNumber)
      return undefined;
    if (entry.billAmountPaise === null || entry.billDueDate === null) return undefined;
    const payments = await paymentsOfBills(db, entry.userId, [{ billerId: entry.billerId, billNumber }]);
    if (payments.has(paymentKey(entry.billerId, billNumber))) return undefined;
    const customer = await findPayer(db, entry.userId);
    if (!customer?.email) return undefined;
    const biller = await findBiller(db, entry.billerId);
    const claim = { id: newId('rmd'), myBillId, billNumber, kind };
    if (!(await claimReminder(db, claim))) return undefined;
    try {
      await deps.mailer.send(
        reminderMail({
          to: customer.email,
          kind,
          entry: {
            ...entry,
            billNumber,
            billAmountPaise: entry.billAmountPaise,
            billDueDate: entry.billDueDate,
          },
          feePaise: biller ? convenienceFee(biller, entry.billAmountPaise) : 0,
          publicUrl: deps.config.PUBLIC_URL,
          unsubscribeToken: deps.tokens.tokenFor(entry.id),
        }),
      );
    } catch (error) {
      await unclaimReminder(db, claim.id);
      throw error;
    }
    deps.logger.info({ myBillId, kind }, 'bill reminder sent');
    return undefined;
  };
}
