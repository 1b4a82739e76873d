import { formatPaise } from '@erti/contracts/rupees';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import type { ComplaintRow } from './complaints.repository.ts';

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** The customer's acknowledgement, worded after the NPCI complaint SMS. */
export function acknowledgementMail(row: ComplaintRow, trackUrl: string): MailMessage {
  const about = row.txnReferenceId ? ` for B-Connect Txn ID ${row.txnReferenceId}` : '';
  const body = brandedEmail({
    title: 'Your complaint is registered',
    highlight: row.complaintId,
    paragraphs: [
      `Dear ${row.details.name},`,
      `Your complaint (${row.queryType}) has been registered successfully${about}. Your Complaint ID is ${row.complaintId}.`,
      `We expect it to be resolved by ${longDate(row.expectedResolutionDate)}.`,
      `You can track the status of your complaint at ${trackUrl} (Check Complaint Status) using your Complaint ID.`,
    ],
  });
  return { to: row.details.email, subject: `Complaint registered: ${row.complaintId}`, ...body };
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
