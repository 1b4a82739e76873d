import { BRAND, OTP_VALID_MINUTES } from '@erti/contracts';
import { formatPaise } from '@erti/contracts/rupees';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import type { Translator } from '../../lib/i18n.ts';
import { plainRemarks } from './complaint-rules.ts';
import type { ComplaintRow } from './complaints.repository.ts';

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/**
 * The customer's acknowledgement, worded after the NPCI complaint SMS, in the translator's language.
 * `to` is the payer's or the signed-in account's address, never the one typed on the form (decision 106).
 */
export function acknowledgementMail(
  row: ComplaintRow,
  to: string,
  trackUrl: string,
  translator: Translator,
): MailMessage {
  const { t } = translator;
  const { complaintId, queryType, txnReferenceId } = row;
  const body = brandedEmail({
    title: t('complaints.registered.title'),
    highlight: complaintId,
    paragraphs: [
      t('complaints.registered.dear', { name: row.details.name }),
      txnReferenceId
        ? t('complaints.registered.bodyForTxn', { queryType, complaintId, txnId: txnReferenceId })
        : t('complaints.registered.body', { queryType, complaintId }),
      t('complaints.registered.resolveBy', { date: translator.day(row.expectedResolutionDate, 'long') }),
      t('complaints.registered.track', { url: trackUrl }),
    ],
    translator,
  });
  return { to, subject: t('complaints.registered.subject', { complaintId }), ...body };
}

/**
 * The payer's notice that a complaint is over, with the network's resolution (decision 114): in the
 * payer's language, the remarks as the network sent them but its role names in plain words.
 * RESOLVED and CLOSED read "resolved"; REJECTED and CANCELLED read "closed".
 */
export function resolutionMail(
  row: ComplaintRow,
  to: string,
  myComplaintsUrl: string,
  translator: Translator,
): MailMessage {
  const { t } = translator;
  const { complaintId, queryType, txnReferenceId } = row;
  const outcome = row.status === 'RESOLVED' || row.status === 'CLOSED' ? 'resolved' : 'closed';
  const body = brandedEmail({
    title: t(`complaints.${outcome}.title`),
    highlight: complaintId,
    paragraphs: [
      t('complaints.registered.dear', { name: row.details.name }),
      txnReferenceId
        ? t(`complaints.${outcome}.bodyForTxn`, { queryType, complaintId, txnId: txnReferenceId })
        : t(`complaints.${outcome}.body`, { queryType, complaintId }),
      ...(row.remarks ? [t('complaints.resolution.remarks', { remarks: plainRemarks(row.remarks) })] : []),
      t('complaints.resolution.notSatisfied', { url: myComplaintsUrl }),
    ],
    translator,
  });
  return { to, subject: t(`complaints.${outcome}.subject`, { complaintId }), ...body };
}

/**
 * The code that shows a complaint about a payment comes from its payer, mailed to the payer's own
 * address (never one the caller typed) in the payer's language (decision 106).
 */
export function payerCodeMail(to: string, txnId: string, code: string, translator: Translator): MailMessage {
  const { t } = translator;
  const body = brandedEmail({
    title: t('complaints.code.title'),
    highlight: code,
    paragraphs: [
      t('complaints.code.use', { txnId }),
      t('complaints.code.valid', { minutes: OTP_VALID_MINUTES }),
      t('complaints.code.notYou', { brand: BRAND }),
    ],
    translator,
  });
  return { to, subject: t('complaints.code.subject', { txnId }), ...body };
}

/** What our support team needs to resolve a complaint the network does not handle. */
export function supportMail(row: ComplaintRow, supportEmail: string): MailMessage {
  const { details } = row;
  const facts = [
    `Complaint ID: ${row.complaintId}`,
    `Type of query: ${row.queryType}`,
    `From: ${details.name} <${details.email}>, ${details.contactNumber}`,
    details.initiatedVia && `Transaction initiated via: ${details.initiatedVia}`,
    details.transactionDate && `Transaction date: ${longDate(details.transactionDate)}`,
    details.transactionAmountPaise !== undefined &&
      `Transaction amount: ${formatPaise(details.transactionAmountPaise)}`,
    details.description && `Description: ${details.description}`,
    row.screenshot ? 'A screenshot was uploaded with the complaint.' : 'No screenshot was uploaded.',
    `Promised resolution by ${longDate(row.expectedResolutionDate)}.`,
  ].filter((fact): fact is string => Boolean(fact));
  const body = brandedEmail({ title: 'New complaint for the support team', paragraphs: facts });
  return {
    to: supportEmail,
    replyTo: details.email,
    subject: `Complaint ${row.complaintId}: ${row.queryType}`,
    ...body,
  };
}
