import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { type OutsideCallOutcome, type OutsideCallRecorder, recordedCall } from '../outside-calls.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go when not to MAIL_FROM (support mail answered straight to the sender). */
  replyTo?: string;
  /** Extra headers, e.g. a reminder's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer: the sandbox mailbox in sandbox mode, the configured server in production. */
export function createSmtpMailer(config: Config): Mailer {
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
    tls: { rejectUnauthorized: config.NODE_ENV === 'production' },
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: config.MAIL_FROM, ...message });
    },
  };
}

/** An SMTP error's reply code (nodemailer's `responseCode`): 5xx is the server's permanent refusal. */
const smtpOutcome = (error: unknown): OutsideCallOutcome => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 ? 'refused' : 'unavailable';
};

/** The mailer, each message recorded as an outside call to `mail` (the metrics, decision 067). */
export function recordedMailer(mailer: Mailer, recordCall: OutsideCallRecorder): Mailer {
  return {
    send: (message) =>
      recordedCall(
        recordCall,
        'mail',
        () => mailer.send(message),
        () => 'ok',
        smtpOutcome,
      ),
  };
}
