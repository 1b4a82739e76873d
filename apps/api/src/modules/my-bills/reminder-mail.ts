import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import type { Job, JobOutcome } from '../../jobs/job-queue.ts';
import { type Translator, translatorFor } from '../../lib/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { autopayDebitTime } from '../autopay/index.ts';
import { findPayer } from '../bills/index.ts';
import { convenienceFee, findBiller } from '../catalogue/index.ts';
import { orderTotal, paymentsOfBills } from '../payments/index.ts';
import type { BillChecks } from './bill-checks.ts';
import { billLines } from './bill-lines.ts';
import {
  claimReminder,
  findMyBill,
  type MyBillRow,
  type ReminderClaimKind,
  type ReminderKind,
  unclaimReminder,
} from './my-bills.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * A reminder that finds the bill's check under way, or its biller's turn taken, looks again after
 * this long and up to as long again at random, so that a biller's reminders of one morning spread out.
 */
const BUSY_RETRY_MS = 5_000;

/**
 * The reminder mail, in the profile's language: biller, nickname, amount with our fee, due date, Pay
 * now, one-click unsubscribe. A bill AutoPay will pay (`autopayAt`) gets the AutoPay line instead of
 * "due in 3 days" and Pay now (decision 115).
 */
export function reminderMail(options: {
  to: string;
  kind: ReminderKind;
  entry: MyBillRow & { billNumber: string; billAmountPaise: number; billDueDate: string };
  feePaise: number;
  publicUrl: string;
  unsubscribeToken: string;
  translator: Translator;
  autopayAt?: Date;
}): MailMessage {
  const { entry, feePaise, publicUrl, translator, autopayAt } = options;
  const { t, money } = translator;
  const kind = autopayAt ? 'autopay' : options.kind;
  const names = { nickname: entry.nickname, biller: entry.billerName };
  const unsubscribeUrl = `${publicUrl}/api/my-bills/unsubscribe?token=${encodeURIComponent(options.unsubscribeToken)}`;
  const amount = money(entry.billAmountPaise);
  const body = brandedEmail({
    title: t(`reminders.${kind}.title`),
    paragraphs: [
      ...billLines(translator, {
        billerName: entry.billerName,
        nickname: entry.nickname,
        billNumber: entry.billNumber,
        amount:
          feePaise > 0
            ? t('reminders.amountWithFee', {
                total: money(
                  orderTotal({ amountPaise: entry.billAmountPaise, convenienceFeePaise: feePaise }),
                ),
                amount,
                fee: money(feePaise),
              })
            : t('mail.amount', { amount }),
      }),
      t('reminders.dueDate', { date: translator.day(entry.billDueDate, 'medium') }),
      ...(autopayAt ? [t('reminders.autopay.line', { time: translator.dateTime(autopayAt) })] : []),
    ],
    action: autopayAt
      ? undefined
      : {
          label: t('mail.payNow'),
          href: `${publicUrl}/billerdetails?myBill=${encodeURIComponent(entry.id)}`,
        },
    unsubscribe: { label: t('reminders.stop'), href: unsubscribeUrl },
    translator,
  });
  return {
    to: options.to,
    subject: t(`reminders.${kind}.subject`, names),
    ...body,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface ReminderSenderDeps {
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
export function createReminderSender(deps: ReminderSenderDeps) {
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
    const [payment] = await paymentsOfBills(db, [entry]);
    if (payment) return undefined;
    const customer = await findPayer(db, entry.userId);
    if (!customer?.email) return undefined;
    const biller = await findBiller(db, entry.billerId);
    // One "AutoPay will pay this" mail stands for all the reminders by the due date of such a bill.
    const autopayAt = kind === 'new' ? undefined : await autopayDebitTime(db, myBillId, billNumber);
    const claimed: ReminderClaimKind = autopayAt ? 'autopay-will-pay' : kind;
    const claim = { id: newId('rmd'), myBillId, billNumber, kind: claimed };
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
          translator: translatorFor(customer.language),
          autopayAt,
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
