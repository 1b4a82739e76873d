import type { Page } from 'playwright-core';
import { type Hands, mouse } from './keyboard.ts';
import { lastMailId, waitForOtp } from './mailbox.ts';

/** An account's sign-up details. */
export interface TestUser {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** An account with a live session (the spec's sign-in answer). */
export interface SignedInUser extends TestUser {
  Token: string;
  UserId: string;
}

let created = 0;

/** A new user with an e-mail no other journey uses (the e2e system is shared by every spec file). */
export function newTestUser(label = 'user'): TestUser {
  const unique = `${Date.now().toString(36)}${(created++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { name: 'Asha Raman', email: `${label}-${unique}@example.com`, phone, password: 'Bills2025ok' };
}

async function post<T>(apiUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${answer.message}`);
  return answer;
}

/** Sends an OTP for `purpose`, reads it from the sandbox mailbox and verifies it. */
export async function verifyOtpThroughApi(
  apiUrl: string,
  sandboxUrl: string,
  email: string,
  purpose: 'signup' | 'login',
): Promise<void> {
  const after = await lastMailId(sandboxUrl, email);
  await post(apiUrl, '/users/otp', { email, purpose });
  const OTP = await waitForOtp(sandboxUrl, email, after);
  await post(apiUrl, '/users/verify', { email, OTP });
}

/** Signs a new user up through the api (sign-up OTP, verify, create); registration signs them in. */
export async function registerThroughApi(
  apiUrl: string,
  sandboxUrl: string,
  user: TestUser = newTestUser(),
): Promise<SignedInUser> {
  await verifyOtpThroughApi(apiUrl, sandboxUrl, user.email, 'signup');
  const session = await post<{ Token: string; UserId: string }>(apiUrl, '/users/', user);
  return { ...user, Token: session.Token, UserId: session.UserId };
}

/** Signs an existing user in through the api: a verified login OTP, then e-mail and password. */
export async function logInThroughApi(
  apiUrl: string,
  sandboxUrl: string,
  user: TestUser,
): Promise<SignedInUser> {
  await verifyOtpThroughApi(apiUrl, sandboxUrl, user.email, 'login');
  const session = await post<{ Token: string; UserId: string }>(apiUrl, '/users/signin', {
    email: user.email,
    password: user.password,
  });
  return { ...user, Token: session.Token, UserId: session.UserId };
}

/** A session as the login screen keeps it in local storage: 'ertiUser' = the sign-in answer, 'ertiUserData' = the user data. */
export function storedSessionOf(user: SignedInUser): { ertiUser: string; ertiUserData: string } {
  const session = { message: 'User Login success', Token: user.Token, UserId: user.UserId };
  const userData = {
    userName: user.name,
    name: user.name,
    email: user.email,
    phone: user.phone,
    _id: user.UserId,
  };
  return { ertiUser: JSON.stringify(session), ertiUserData: JSON.stringify(userData) };
}

/**
 * Puts a session into the site's local storage as the login screen does (storedSessionOf). Navigate
 * afterwards: the app reads storage on load.
 */
export async function storeSession(page: Page, apiUrl: string, user: SignedInUser): Promise<void> {
  if (!page.url().startsWith(apiUrl)) await page.goto(`${apiUrl}/`);
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, storedSessionOf(user));
}

/**
 * A signed-in browser session: a new account (or `user`, logged in afresh) whose session is in
 * the page's local storage. Navigate afterwards to the screen under test.
 */
export async function signInThroughApi(
  page: Page,
  apiUrl: string,
  sandboxUrl: string,
  user?: TestUser,
): Promise<SignedInUser> {
  const account = user
    ? await logInThroughApi(apiUrl, sandboxUrl, user)
    : await registerThroughApi(apiUrl, sandboxUrl);
  await storeSession(page, apiUrl, account);
  return account;
}

/** Opens the navigation bar's account menu and chooses `item` ('Profile', 'Transaction', 'Logout', ...). */
export async function openAccountMenuItem(page: Page, item: string, hands: Hands = mouse): Promise<void> {
  await hands.activate(page.getByRole('button', { name: 'Account menu' }));
  await hands.chooseItem(page.getByRole('menuitem', { name: item }));
}
