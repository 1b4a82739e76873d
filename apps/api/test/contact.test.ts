import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../src/db/schema/support.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const goodMessage = {
  name: 'Asha Raman',
  email: 'asha.contact@example.com',
  phone: '9876543210',
  subject: 'Help with my electricity bill',
  message: 'My payment shows pending since yesterday.\n\nCould you check it please?',
};

/** Each test sends from its own address so the per-sender limit of one does not touch another. */
const send = (payload: object, remoteAddress: string) =>
  env.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

const storedMessages = async () => {
  const [row] = await env.database.db.select({ total: count() }).from(contactMessages);
  return row?.total ?? 0;
};

describe('POST /api/contact', () => {
  it('stores the message and mails it to support, reply-to the sender', async () => {
    const response = await send(goodMessage, '10.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Message sent successfully!' });

    const mails = (await (
      await fetch(`${env.sandboxUrl}/mailbox/messages?to=${env.config.SUPPORT_EMAIL}`)
    ).json()) as { subject: string; text: string }[];
    expect(mails[0]?.subject).toBe('Contact form: Help with my electricity bill');
    expect(mails[0]?.text).toContain('Asha Raman <asha.contact@example.com>');
    expect(mails[0]?.text).toContain('Could you check it please?');
    const [row] = await env.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'asha.contact@example.com'));
    expect(row?.deliveredAt).toBeInstanceOf(Date);
  });

  it.each([
    ['a missing field', { ...goodMessage, subject: undefined }, 'Please fill in all fields!'],
    ['a blank field', { ...goodMessage, message: '   ' }, 'Please fill in all fields!'],
    ['a bad e-mail', { ...goodMessage, email: 'asha@example' }, 'Invalid email !'],
    ['a short phone', { ...goodMessage, phone: '98765' }, 'Invalid Phone Number !'],
    ['a phone with letters', { ...goodMessage, phone: '98765abcde' }, 'Invalid Phone Number !'],
  ])('answers %s with 400 and the spec message, storing nothing', async (_case, payload, message) => {
    const before = await storedMessages();
    const response = await send(payload, '10.0.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await storedMessages()).toBe(before);
  });

  it('answers 502 with the spec message when mail fails, keeps the message and retries it', async () => {
    const failing = vi.spyOn(env.built.deps.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const response = await send({ ...goodMessage, email: 'retry.me@example.com' }, '10.0.0.3');
    failing.mockRestore();
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Failed to send the message. Please try again.');

    const [kept] = await env.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'retry.me@example.com'));
    expect(kept?.deliveredAt).toBeNull();
    await env.runJobs();
    const [delivered] = await env.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, kept!.id));
    expect(delivered?.deliveredAt).toBeInstanceOf(Date);
    expect(env.lastMail(env.config.SUPPORT_EMAIL)?.text).toContain('retry.me@example.com');
  });

  it('limits one sender to 5 messages in 10 minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await send(goodMessage, '10.0.0.4')).statusCode).toBe(200);
    const sixth = await send(goodMessage, '10.0.0.4');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/try again in a few minutes/);
    expect((await send(goodMessage, '10.0.0.5')).statusCode).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/contact'].post.tags).toEqual(['contact']);
  });
});
