import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, type Page } from '../support/browser.ts';
import { type Hands, keyboard, mouse, tabTo } from '../support/keyboard.ts';
import { lastMailId, waitForOtp } from '../support/mailbox.ts';
import { openAccountMenuItem } from '../support/session.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const email = `journey.${Date.now()}@example.com`;
const firstPassword = 'Journey123';

let browser: BrowserSession;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
});

/** Sends an OTP with `send` and answers the code that arrives in the sandbox mailbox. */
async function mailedCode(send: () => Promise<void>) {
  const after = await lastMailId(sandboxUrl, email);
  await send();
  return waitForOtp(sandboxUrl, email, after);
}

/** The input labelled exactly `label` (not the show/hide button that names it). */
const field = (label: string) => page.getByLabel(label, { exact: true });

const storedSession = () =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('ertiUser') ?? 'null') as { Token: string; UserId: string } | null,
  );

/**
 * Presses Send OTP and answers the code mailed for it. While the address's previous code of the
 * kind is under 30 seconds old the api asks to wait: a person waits that long and presses again.
 */
async function sendOtp(hands: Hands): Promise<string> {
  const send = page.getByRole('button', { name: 'Send OTP', exact: true });
  const waitNote = page.getByText(/Please wait \d+ seconds/).first();
  return mailedCode(async () => {
    await hands.activate(send);
    await field('OTP').or(waitNote).first().waitFor();
    if (!(await waitNote.isVisible())) return;
    const seconds = Number((await waitNote.textContent())?.match(/\d+/)?.[0]);
    await page.waitForTimeout(seconds * 1000);
    await expect.poll(() => send.isEnabled(), { timeout: 5_000 }).toBe(true);
    await hands.activate(send);
  });
}

/** Logs in from the login page: e-mail, the mailed OTP, then `password`. */
async function logIn(password: string, hands: Hands) {
  await hands.fill(field('Email ID'), email);
  await hands.fill(field('OTP'), await sendOtp(hands));
  await hands.activate(page.getByRole('button', { name: 'Verify OTP' }));
  await page.getByText('OTP Verified', { exact: true }).waitFor();
  await hands.fill(field('Password'), password);
  await hands.activate(page.getByRole('button', { name: 'Login', exact: true }));
  await page.getByText('User Login success').waitFor();
  await page.waitForURL(`${apiUrl}/`, { timeout: 10_000 });
}

/** A 640x480 PNG: a `colour` square on blue, drawn by the page's own canvas. */
function drawnPng(colour: string): Promise<Buffer> {
  return page
    .evaluate((colour) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1e3a8a';
      context.fillRect(0, 0, 640, 480);
      context.fillStyle = colour;
      context.fillRect(160, 80, 320, 320);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }, colour)
    .then((base64) => Buffer.from(base64, 'base64'));
}

describe('an account from sign-up to deletion', () => {
  it('signs up with the keyboard alone, with the OTP from the mailbox, and lands signed in on the home page', async () => {
    await page.goto(`${apiUrl}/signup`);
    await page.getByRole('heading', { name: 'Create Your Erti Pay Account' }).waitFor();
    await keyboard.fill(field('Username'), 'Journey Tester');
    await keyboard.fill(field('Email ID'), email);
    const code = await mailedCode(() => keyboard.activate(page.getByRole('button', { name: 'Send OTP' })));
    expect(await page.getByRole('button', { name: /Resend in: \d+s/ }).isDisabled()).toBe(true);
    await keyboard.fill(field('Enter OTP'), code);
    await keyboard.activate(page.getByRole('button', { name: 'Verify OTP' }));
    await page.getByText('OTP Verified', { exact: true }).waitFor();
    await keyboard.fill(field('Phone Number'), '9876543210');
    await keyboard.fill(field('Create Password'), firstPassword);
    await keyboard.fill(field('Re-type Password'), firstPassword);
    await keyboard.check(page.getByRole('checkbox'));
    await keyboard.activate(page.getByRole('button', { name: 'Register' }));
    await page.getByText('User created and logged in successfully').waitFor();
    await page.waitForURL(`${apiUrl}/`, { timeout: 10_000 });
    expect((await storedSession())?.Token).toBeTruthy();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('logs out from the account menu', async () => {
    await openAccountMenuItem(page, 'Logout');
    await page.waitForURL(`${apiUrl}/login`);
    expect(await storedSession()).toBeNull();
    expect(await page.getByRole('link', { name: 'LOGIN' }).isVisible()).toBe(true);
  });

  it('logs in with the keyboard alone: e-mail, OTP, password', async () => {
    await page.goto(`${apiUrl}/login?from=/profile`);
    await tabTo(field('Email ID'));
    await page.keyboard.type(email);
    const sendButton = page.getByRole('button', { name: 'Send OTP' });
    await tabTo(sendButton);
    const code = await mailedCode(() => page.keyboard.press('Enter'));
    const otpField = field('OTP');
    await tabTo(otpField);
    await page.keyboard.type(code);
    await tabTo(page.getByRole('button', { name: 'Verify OTP' }));
    await page.keyboard.press('Space');
    await page.getByText('OTP Verified', { exact: true }).waitFor();
    await tabTo(field('Password'));
    await page.keyboard.type(firstPassword);
    await page.keyboard.press('Enter');
    await page.getByText('User Login success').waitFor();
    await page.waitForURL(`${apiUrl}/profile`, { timeout: 10_000 });
    await page.getByText('Journey Tester').waitFor();
  });

  it.each([
    ['the mouse', mouse, 'Journey Renamed', '9123456780', '#f59e0b'],
    ['the keyboard alone', keyboard, 'Journey Keyed', '9123456781', '#10b981'],
  ])(
    'edits the profile and uploads a picture resized to a 300x300 JPEG (with %s)',
    async (_way, hands, name, phone, colour) => {
      await hands.activate(page.getByRole('button', { name: 'Edit Profile' }));
      await hands.fill(field('Name'), name);
      await hands.fill(field('Phone'), phone);
      await hands.activate(page.getByRole('button', { name: 'Save' }));
      await page.getByText('Profile updated successfully').first().waitFor();
      await page.getByText(name).waitFor();

      const avatar = page.getByRole('img', { name: `Profile picture of ${name}` });
      const before = await avatar.getAttribute('src');
      await hands.chooseFile(page.getByRole('button', { name: 'Upload New Picture' }), {
        name: 'me.png',
        mimeType: 'image/png',
        buffer: await drawnPng(colour),
      });
      await page.waitForFunction(
        ([alt, before]) => {
          const src = document.querySelector(`img[alt="${alt}"]`)?.getAttribute('src');
          return src?.startsWith('data:image/jpeg') && src !== before;
        },
        [`Profile picture of ${name}`, before] as const,
      );
      expect(
        await avatar.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]),
      ).toEqual([300, 300]);
      const session = await storedSession();
      const profile = await fetch(`${apiUrl}/api/users/profile/${session?.UserId}`, {
        headers: { authorization: `Bearer ${session?.Token}` },
      }).then((response) => response.json() as Promise<{ name: string; phone: string; pic: string }>);
      expect(profile).toMatchObject({ name, phone });
      expect(profile.pic).toBe(await avatar.getAttribute('src'));
      expect(Buffer.from(profile.pic.split(',')[1]!, 'base64').subarray(0, 3)).toEqual(
        Buffer.from([0xff, 0xd8, 0xff]),
      );
      expect(
        await page.getByRole('button', { name: 'Account menu' }).locator('img').getAttribute('src'),
      ).toBe(profile.pic);
    },
  );

  it.each([
    ['the mouse', mouse, 'Renewed456'],
    ['the keyboard alone', keyboard, 'Renewed789'],
  ])(
    'resets the password with the mailed code and logs in with the new one (with %s)',
    async (_way, hands, newPassword) => {
      const oldToken = (await storedSession())?.Token;
      await openAccountMenuItem(page, 'Logout', hands);
      await page.waitForURL(`${apiUrl}/login`);
      await hands.activate(page.getByRole('link', { name: 'Forgot password' }));
      await page.waitForURL(`${apiUrl}/forgotPassword`);
      // The login form (it has an Email ID too) stays up while the route's code loads.
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      await hands.fill(field('Email ID'), email);
      await hands.fill(field('OTP'), await sendOtp(hands));
      await hands.fill(field('New Password'), newPassword);
      await hands.fill(field('Re-enter Password'), newPassword);
      await hands.activate(page.getByRole('button', { name: 'Submit' }));
      await page.getByText('Password reset successfully').first().waitFor();
      await page.waitForURL(`${apiUrl}/login`, { timeout: 10_000 });
      const revoked = await fetch(`${apiUrl}/api/users/profile/x`, {
        headers: { authorization: `Bearer ${oldToken}` },
      });
      expect(revoked.status).toBe(401);
      await logIn(newPassword, hands);
    },
  );

  it('deletes the account with the keyboard, after which the old token no longer works', async () => {
    const session = await storedSession();
    await openAccountMenuItem(page, 'Delete Account', keyboard);
    await page.waitForURL(`${apiUrl}/delete-account`);

    const feedback = page.getByPlaceholder('Please let us know your reason for deleting the account');
    await tabTo(feedback);
    await page.keyboard.type('Only testing the journey');
    await tabTo(page.getByRole('button', { name: 'Delete My Account' }));
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Confirm Account Deletion' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await tabTo(page.getByRole('button', { name: 'Delete My Account' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(dialog.getByRole('button', { name: 'Yes, Delete' }), 5);
    await page.keyboard.press('Enter');
    await page.getByText('Your account has been deleted successfully').waitFor();
    await page.waitForURL(`${apiUrl}/signup`, { timeout: 5_000 });
    expect(await storedSession()).toBeNull();

    const old = await fetch(`${apiUrl}/api/users/profile/${session?.UserId}`, {
      headers: { authorization: `Bearer ${session?.Token}` },
    });
    expect(old.status).toBe(401);
    const again = await fetch(`${apiUrl}/api/users/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, purpose: 'signup' }),
    });
    expect(again.status).toBe(200);
  });
});
