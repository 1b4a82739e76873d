import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { keyboard, mouse } from '../support/keyboard.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest support mail whose subject mentions `subject`, waiting for it to arrive. */
async function supportMailAbout(subject: string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${sandboxUrl}/mailbox/messages?to=support@ertipay.in`);
    const mails = (await response.json()) as { subject: string; text: string }[];
    const mail = mails.find((candidate) => candidate.subject.includes(subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No support mail about ${subject}`);
}

describe('sending a message from the contact page', () => {
  it.each([
    ['the mouse', mouse],
    ['the keyboard alone', keyboard],
  ])('asks for every field, then delivers the message to support (with %s)', async (way, hands) => {
    const { page } = browser;
    await page.goto(`${apiUrl}/contact`);
    await hands.activate(page.getByRole('button', { name: 'Send Message' }));
    await page.getByText('Please fill in all fields!').waitFor();

    const subject = `Refund for order ${Date.now()} with ${way}`;
    await hands.fill(page.getByLabel('Name', { exact: true }), 'Asha Raman');
    await hands.fill(page.getByLabel('Email', { exact: true }), 'asha.e2e@example.com');
    await hands.fill(page.getByLabel('Subject', { exact: true }), subject);
    // Typed key by key (the field keeps ten characters): it drops what is not a digit as it comes.
    await hands.fill(page.getByLabel('Phone', { exact: true }), '');
    await page.keyboard.type('98-765 43210');
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('9876543210');
    await hands.fill(page.getByLabel('Message', { exact: true }), 'My payment was debited twice.');
    await hands.activate(page.getByRole('button', { name: 'Send Message' }));
    await page.getByText('Message sent successfully!').waitFor();

    const mail = await supportMailAbout(subject);
    expect(mail.text).toContain('Asha Raman <asha.e2e@example.com>');
    expect(mail.text).toContain('My payment was debited twice.');
  });
});
