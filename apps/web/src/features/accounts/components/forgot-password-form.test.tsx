import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../testing/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** Opens the form with a server that sends reset codes, and asks one for asha@example.com. */
async function askForResetCode() {
  const calls = stubApi(({ path }) =>
    path === '/users/resetPassword' ? { body: { message: 'Reset email sent successfully' } } : undefined,
  );
  renderScreen('/forgotPassword', '/forgotPassword', <ForgotPasswordForm />);
  const typing = user();
  await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
  await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
  return { calls, typing };
}

describe('forgot password', () => {
  it('says "Invalid User" for an unknown e-mail and "Invalid Email ID" for a malformed one', async () => {
    stubApi(({ path }) =>
      path === '/users/resetPassword' ? { status: 404, body: { message: 'Invalid User' } } : undefined,
    );
    renderScreen('/forgotPassword', '/forgotPassword', <ForgotPasswordForm />);
    const typing = user();
    await typing.type(screen.getByLabelText('Email ID'), 'nobody');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Invalid Email ID')).toBeTruthy();
    await typing.type(screen.getByLabelText('Email ID'), '@example.com');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Invalid User')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login Here' }).getAttribute('href')).toBe('/login');
  });

  it("waits 30 seconds before the code can be sent again, then offers 'Send OTP'", async () => {
    const { calls, typing } = await askForResetCode();
    const wait = (await screen.findByRole('button', { name: 'Resend in: 30s' })) as HTMLButtonElement;
    expect(wait.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(30_000));
    const again = screen.getByRole('button', { name: 'Send OTP' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    await typing.click(again);
    expect(await screen.findByRole('button', { name: 'Resend in: 30s' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/users/resetPassword')).toHaveLength(2);
  });

  it('refuses a new password under 8 characters and takes 8 letters alone', async () => {
    const calls = stubApi(({ path }) => {
      if (path === '/users/resetPassword') return { body: { message: 'Reset email sent successfully' } };
      if (path === '/users/newPassword') return { body: { message: 'Password reset successfully' } };
      return undefined;
    });
    renderScreen('/forgotPassword', '/forgotPassword', <ForgotPasswordForm />);
    const typing = user();
    await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    await typing.type(await screen.findByLabelText('OTP'), '123456');
    await typing.type(screen.getByLabelText('New Password'), 'abcdefg');
    await typing.type(screen.getByLabelText('Re-enter Password'), 'abcdefg');
    await typing.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(calls.some((call) => call.path === '/users/newPassword')).toBe(false);

    await typing.type(screen.getByLabelText('New Password'), 'h');
    await typing.type(screen.getByLabelText('Re-enter Password'), 'h');
    await typing.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password reset successfully')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ password: 'abcdefgh', OTP: '123456' });
  });

  it('checks the code and both passwords, resets and goes to /login after 3 seconds', async () => {
    const calls = stubApi(({ path }) => {
      if (path === '/users/resetPassword') return { body: { message: 'Reset email sent successfully' } };
      if (path === '/users/newPassword') return { body: { message: 'Password reset successfully' } };
      return undefined;
    });
    const { router } = renderScreen('/forgotPassword', '/forgotPassword', <ForgotPasswordForm />);
    const typing = user();
    await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Reset email sent successfully')).toBeTruthy();
    await typing.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please enter the OTP')).toBeTruthy();
    await typing.type(screen.getByLabelText('OTP'), '123456');
    await typing.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please enter both the Passwords')).toBeTruthy();
    await typing.type(screen.getByLabelText('New Password'), 'NewPass123');
    await typing.type(screen.getByLabelText('Re-enter Password'), 'NewPass124');
    await typing.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    await typing.type(screen.getByLabelText('Re-enter Password'), '{Backspace}3');
    await typing.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password reset successfully')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ password: 'NewPass123', OTP: '123456' });
    await act(async () => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("answers a code shorter than six digits 'Invalid OTP' without asking the server", async () => {
    const { calls, typing } = await askForResetCode();
    await typing.type(await screen.findByLabelText('OTP'), '12345');
    await typing.type(screen.getByLabelText('New Password'), 'NewPass123');
    await typing.type(screen.getByLabelText('Re-enter Password'), 'NewPass123');
    await typing.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid OTP')).toBeTruthy();
    expect(calls.some((call) => call.path === '/users/newPassword')).toBe(false);
  });
});
