import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface MailboxMessage {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every header as sent, names in lower case (a repeated one keeps its first value). */
  headers: Record<string, string>;
  sentAt: string;
}

const MAX_MESSAGES = 5000;

/** The sandbox mailbox: an SMTP sink that keeps the newest messages in memory. */
export class Mailbox {
  private messages: MailboxMessage[] = [];
  private nextId = 1;
  private server?: SMTPServer;

  async store(raw: Buffer): Promise<void> {
    const email = await PostalMime.parse(raw);
    const to = (email.to ?? []).map((address) => (address.address ?? '').toLowerCase()).filter(Boolean);
    const headers: Record<string, string> = {};
    for (const header of email.headers) headers[header.key] ??= header.value;
    this.messages.unshift({
      id: this.nextId++,
      to,
      from: email.from?.address ?? '',
      subject: email.subject ?? '',
      text: email.text ?? '',
      html: email.html ?? '',
      headers,
      sentAt: new Date().toISOString(),
    });
    this.messages.length = Math.min(this.messages.length, MAX_MESSAGES);
  }

  /** Newest first; only those addressed to `to` when given. */
  list(to?: string): MailboxMessage[] {
    if (!to) return this.messages;
    const wanted = to.toLowerCase();
    return this.messages.filter((message) => message.to.includes(wanted));
  }

  clear(): void {
    this.messages = [];
  }

  /** Starts the SMTP server; port 0 picks a free one. Returns the port. */
  async listen(port: number, host = '127.0.0.1'): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 10 * 1024 * 1024,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.store(Buffer.concat(chunks)).then(() => callback(), callback);
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function registerMailbox(app: FastifyInstance, mailbox: Mailbox): Promise<void> {
  app.get<{ Querystring: { to?: string } }>('/mailbox/messages', async (request) =>
    mailbox.list(request.query.to).map(({ to, subject, text, html, headers, sentAt, from, id }) => ({
      id,
      to: to.join(', '),
      from,
      subject,
      text,
      html,
      headers,
      sentAt,
    })),
  );
  app.delete('/mailbox/messages', async () => {
    mailbox.clear();
    return { cleared: true };
  });
  app.get<{ Querystring: { to?: string } }>('/mailbox', async (request, reply) => {
    const rows = mailbox
      .list(request.query.to)
      .slice(0, 200)
      .map(
        (message) =>
          `<article><h2>${escapeHtml(message.subject)}</h2><p><strong>To:</strong> ${escapeHtml(message.to.join(', '))} · <time>${message.sentAt}</time></p><pre>${escapeHtml(message.text)}</pre></article>`,
      )
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox mailbox</title></head><body><main><h1>Sandbox mailbox</h1>${rows || '<p>No messages yet.</p>'}</main></body></html>`,
      );
  });
}
