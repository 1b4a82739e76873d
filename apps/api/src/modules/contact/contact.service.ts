import { type ContactMessage, type MessageResponse, messages } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, tooManyRequests } from '../../errors.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import {
  type ContactMessageRow,
  countMessagesFromSender,
  findUndeliveredMessage,
  insertContactMessage,
  markMessageDelivered,
} from './contact.repository.ts';

export const CONTACT_DELIVERY_JOB = 'contact.deliver';
/** A sender may leave this many messages per window: enough for a person, too few for a spammer. */
const MESSAGES_PER_WINDOW = 5;
const WINDOW_MS = 10 * 60 * 1000;

/** The mail support receives for one message; replies go straight to the sender. */
function supportMail(row: ContactMessageRow, supportEmail: string) {
  const body = brandedEmail({
    title: `Contact form: ${row.subject}`,
    paragraphs: [
      `From: ${row.name} <${row.email}>`,
      `Phone: ${row.phone}`,
      `Subject: ${row.subject}`,
      ...row.message.split(/\n{2,}/),
      `Message reference: ${row.id}`,
    ],
  });
  return {
    to: supportEmail,
    replyTo: row.email,
    subject: `Contact form: ${row.subject.replace(/\s+/g, ' ')}`,
    ...body,
  };
}

/**
 * The contact form: every message is stored first, then mailed to support. When the mail server
 * fails the user is told so (the spec's failure message) and a job keeps trying in the background.
 */
export function createContactService(deps: {
  db: Database;
  mailer: Mailer;
  supportEmail: string;
  logger: FastifyBaseLogger;
}) {
  const { db, mailer, supportEmail, logger } = deps;

  async function deliver(row: ContactMessageRow): Promise<void> {
    await mailer.send(supportMail(row, supportEmail));
    await markMessageDelivered(db, row.id);
  }

  async function send(input: ContactMessage, senderIp: string): Promise<MessageResponse> {
    const recent = await countMessagesFromSender(db, senderIp, new Date(Date.now() - WINDOW_MS));
    if (recent >= MESSAGES_PER_WINDOW) {
      throw tooManyRequests(
        'You have sent several messages in a short time. Please try again in a few minutes.',
      );
    }
    const row = await insertContactMessage(db, { id: newId('msg'), ...input, senderIp });
    try {
      await deliver(row);
    } catch (error) {
      logger.warn({ err: error, contactMessageId: row.id }, 'contact message not mailed; retry queued');
      await enqueueJob(
        db,
        CONTACT_DELIVERY_JOB,
        { contactMessageId: row.id },
        { dedupeKey: `contact:${row.id}` },
      );
      throw new AppError('BAD_GATEWAY', messages.errors.contactFailed);
    }
    return { message: messages.errors.contactSent };
  }

  /** The retry job: mails a stored message that has not gone out yet (a thrown error retries later). */
  const retryDelivery: JobHandler = async (job) => {
    const row = await findUndeliveredMessage(db, String(job.payload.contactMessageId));
    if (row) await deliver(row);
    return undefined;
  };

  return { send, retryDelivery };
}

export type ContactService = ReturnType<typeof createContactService>;
