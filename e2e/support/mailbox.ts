/** Waits for the newest mail to `to` in the sandbox mailbox and returns the 6-digit code in it. */
export async function waitForOtp(
  sandboxUrl: string,
  to: string,
  after = 0,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${sandboxUrl}/mailbox/messages?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as { id: number; text: string }[];
    const mail = mails.find((candidate) => candidate.id > after);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No OTP mail for ${to}`);
}

/** The id of the newest mail to `to` (0 when none), to wait for a newer one. */
export async function lastMailId(sandboxUrl: string, to: string): Promise<number> {
  const response = await fetch(`${sandboxUrl}/mailbox/messages?to=${encodeURIComponent(to)}`);
  const mails = (await response.json()) as { id: number }[];
  return mails[0]?.id ?? 0;
}

export interface Mail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * Waits for a mail to `to` whose subject starts with `subject`, or matches it as a pattern (the api's
 * job worker sends it).
 */
export async function waitForMail(
  sandboxUrl: string,
  to: string,
  subject: string | RegExp,
  timeoutMs = 60_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(sandboxUrl, to)).find((candidate) =>
      typeof subject === 'string' ? candidate.subject.startsWith(subject) : subject.test(candidate.subject),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail "${subject}" to ${to}`);
}

/** Every mail to `to` in the sandbox mailbox, newest first. */
export async function mailsTo(sandboxUrl: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${sandboxUrl}/mailbox/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Mail[];
}
