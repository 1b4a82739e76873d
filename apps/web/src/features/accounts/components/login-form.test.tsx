import { SESSION_STORAGE_KEY, USER_DATA_STORAGE_KEY } from '@erti/contracts/constants';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectToastGone } from '../../../test/toasts.ts';
import { type ApiCall, renderScreen, stubApi } from '../testing/render.tsx';
import { LoginForm } from './login-form.tsx';

const session = { message: 'User Login success', Token: 'tok.en.value', UserId: 'usr_1' };
const profile = { _id: 'usr_1', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', pic: null };

function happyAnswers({ path }: ApiCall) {
  if (path === '/users/otp') return { body: { message: 'OTP sent to email successfully' } };
  if (path === '/users/verify') return { body: { message: 'OTP is verified' } };
  if (path === '/users/signin') return { body: session };
  if (path === '/users/profile/usr_1') return { body: profile };
  return undefined;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const emailInput = () => screen.getByLabelText('Email ID');

/** Types the e-mail, sends the OTP and verifies it, as every login starts. */
async function verifyOtp(typing: ReturnType<typeof user>) {
  await typing.type(emailInput(), 'asha@example.com');
  await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
  await typing.type(await screen.findByLabelText('OTP'), '123456');
  await typing.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await screen.findByText('OTP Verified');
}

describe('login OTP', () => {
  it('offers Send OTP only for a valid e-mail and says why an address is not valid', async () => {
    stubApi(happyAnswers);
    renderScreen('/login', '/login', <LoginForm />);
    const typing = user();
    await typing.type(emailInput(), 'asha@example');
    expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();
    await typing.tab();
    expect(screen.getByText('Please enter a valid Email ID')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    await typing.type(emailInput(), '.com');
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeTruthy();
    expect(screen.queryByText('Please enter a valid Email ID')).toBeNull();
  });

  it("shows the OTP field after sending, waits 30 seconds, then offers 'Send OTP' again", async () => {
    const calls = stubApi(happyAnswers);
    renderScreen('/login', '/login', <LoginForm />);
    const typing = user();
    await typing.type(emailInput(), 'Asha@Example.com');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByLabelText('OTP')).toBeTruthy();
    expect(calls.find((call) => call.path === '/users/otp')?.body).toEqual({
      email: 'asha@example.com',
      purpose: 'login',
    });
    const wait = screen.getByRole('button', { name: 'Resend in: 30s' }) as HTMLButtonElement;
    expect(wait.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: 'Resend in: 20s' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(20_000));
    const again = screen.getByRole('button', { name: 'Send OTP' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /Resend OTP/ })).toBeNull();
  });

  it('goes on to the password once the OTP is verified with Enter', async () => {
    stubApi(happyAnswers);
    renderScreen('/login', '/login', <LoginForm />);
    const typing = user();
    await typing.type(emailInput(), 'asha@example.com{Enter}');
    await typing.type(await screen.findByLabelText('OTP'), '123456{Enter}');
    await screen.findByText('OTP Verified');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it('blocks Login until the OTP is verified, then signs in and stores both records', async () => {
    const calls = stubApi(happyAnswers);
    const { router } = renderScreen('/login?from=/profile', '/login', <LoginForm />);
    const typing = user();
    await typing.type(emailInput(), 'asha@example.com');
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter OTP')).toBeTruthy();
    expect(screen.getByText('Please enter your Password')).toBeTruthy();

    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    await typing.type(await screen.findByLabelText('OTP'), '123456');
    await typing.type(screen.getByLabelText('Password'), 'Secret123');
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please verify your OTP')).toBeTruthy();
    expect(calls.some((call) => call.path === '/users/signin')).toBe(false);

    await typing.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP Verified')).toBeTruthy();
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('User Login success')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual(session);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(USER_DATA_STORAGE_KEY) ?? '{}')).toMatchObject({
        userName: 'Asha Rao',
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '9876543210',
        _id: 'usr_1',
      }),
    );
    expect(router.state.location.pathname).toBe('/login');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('shows and hides the password with a pressed toggle', async () => {
    stubApi(happyAnswers);
    renderScreen('/login', '/login', <LoginForm />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('ignores a `from` that would leave the site', async () => {
    stubApi(happyAnswers);
    const { router } = renderScreen('/login?from=//evil.example', '/login', <LoginForm />);
    const typing = user();
    await verifyOtp(typing);
    await typing.type(screen.getByLabelText('Password'), 'Secret123');
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('User Login success');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/');
  });

  it("carries `from` on the 'Signup Here' link, and drops one that would leave the site", () => {
    stubApi(happyAnswers);
    const from = '/services/bills/Electricity/Some%20Power';
    const { unmount } = renderScreen(`/login?from=${encodeURIComponent(from)}`, '/login', <LoginForm />);
    expect(screen.getByRole('link', { name: 'Signup Here' }).getAttribute('href')).toBe(
      `/signup?from=${encodeURIComponent(from)}`,
    );
    unmount();
    renderScreen('/login?from=//evil.example', '/login', <LoginForm />);
    expect(screen.getByRole('link', { name: 'Signup Here' }).getAttribute('href')).toBe('/signup');
  });

  it('takes down the failed-login toast when a later login succeeds', async () => {
    let failed = false;
    stubApi((call) => {
      if (call.path === '/users/signin' && !failed) {
        failed = true;
        return { status: 401, body: { message: 'Signin failed. Please check your credentials.' } };
      }
      return happyAnswers(call);
    });
    renderScreen('/login', '/login', <LoginForm />);
    const typing = user();
    await verifyOtp(typing);
    await typing.type(screen.getByLabelText('Password'), 'Wrong123');
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Signin failed. Please check your credentials.')).toBeTruthy();
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('User Login success')).toBeTruthy();
    await expectToastGone('Signin failed. Please check your credentials.');
    expect(screen.getByText('User Login success')).toBeTruthy();
  });

  it('says a login that got no answer is a network error, logs it, and lets Login work again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let offline = true;
    stubApi((call) => {
      if (call.path === '/users/signin' && offline) throw new TypeError('Failed to fetch');
      return happyAnswers(call);
    });
    renderScreen('/login', '/login', <LoginForm />);
    const typing = user();
    await verifyOtp(typing);
    await typing.type(screen.getByLabelText('Password'), 'Secret123');
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeTruthy();
    expect(log).toHaveBeenCalledWith('Login got no answer', expect.anything());
    offline = false;
    await typing.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('User Login success')).toBeTruthy();
    log.mockRestore();
  });
});
