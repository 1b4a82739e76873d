import { SESSION_STORAGE_KEY, USER_DATA_STORAGE_KEY } from '@erti/contracts/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectToastGone } from '../../../test/toasts.ts';
import { type ApiCall, gate, renderScreen, stubApi } from '../testing/render.tsx';
import { SignupForm } from './signup-form.tsx';

const created = { message: 'user created', Token: 'tok.en.value', UserId: 'usr_9' };
function happyAnswers({ path }: ApiCall) {
  if (path === '/users/otp') return { body: { message: 'OTP sent to email successfully' } };
  if (path === '/users/verify') return { body: { message: 'OTP is verified' } };
  if (path === '/users/') return { status: 201, body: created };
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

/** Fills in all three steps, with `password` typed twice, and leaves Register to the test. */
async function fillAllSteps(typing: ReturnType<typeof user>, password = 'Secret123') {
  await typing.type(screen.getByLabelText('Username'), 'Asha Rao');
  await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
  await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
  await typing.type(await screen.findByLabelText('Enter OTP'), '123456');
  await typing.click(screen.getByRole('button', { name: 'Verify OTP' }));
  expect(await screen.findByText('OTP Verified')).toBeTruthy();
  await typing.type(screen.getByLabelText('Phone Number'), '9876543210');
  await typing.type(screen.getByLabelText('Create Password'), password);
  await typing.type(screen.getByLabelText('Re-type Password'), password);
  await typing.click(screen.getByRole('checkbox'));
}

/** Fills in all three steps and presses Register. */
async function register(typing: ReturnType<typeof user>) {
  await fillAllSteps(typing);
  await typing.click(screen.getByRole('button', { name: 'Register' }));
}

/** Types a name and `email` on a new sign-up form and presses Send OTP; answers the api calls made. */
async function askForCode(email: string) {
  const calls = stubApi(happyAnswers);
  renderScreen('/signup', '/signup', <SignupForm />);
  const typing = user();
  await typing.type(screen.getByLabelText('Username'), 'Asha');
  await typing.type(screen.getByLabelText('Email ID'), email);
  await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
  return calls;
}

describe('sign-up', () => {
  it('checks the name and e-mail before sending the OTP', async () => {
    const calls = stubApi(happyAnswers);
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    expect(screen.getByRole('heading', { name: 'Create Your Erti Pay Account' })).toBeTruthy();
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Please enter the username.')).toBeTruthy();
    await typing.type(screen.getByLabelText('Username'), 'Asha');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Please enter your email.')).toBeTruthy();
    await typing.type(screen.getByLabelText('Email ID'), 'asha@');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Please enter a valid Email Id.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['a Cyrillic а', '\u0430sha@example.com'],
    ['a right-to-left override', 'asha@elpmaxe\u202e.com'],
    ['a zero-width space', 'as\u200bha@example.com'],
    ['a trailing dot', 'asha@example.com.'],
  ])(
    'refuses an address with %s with the form message, sending nothing (decision 107)',
    async (_kind, typed) => {
      const calls = await askForCode(typed);
      expect(screen.getByText('Please enter a valid Email Id.')).toBeTruthy();
      expect(calls).toHaveLength(0);
    },
  );

  it('sends a fullwidth address as the plain one it stands for', async () => {
    const calls = await askForCode('\uff41sha@Example.com');
    expect(await screen.findByText('Email sent successfully')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([{ email: 'asha@example.com', purpose: 'signup' }]);
  });

  it('walks the three steps, registers, signs in and goes home after 3 seconds', async () => {
    const calls = stubApi(happyAnswers);
    const { router } = renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await typing.type(screen.getByLabelText('Username'), 'Asha Rao');
    await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email sent successfully')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend in: 30s' }) as HTMLButtonElement).disabled).toBe(true);

    await typing.type(screen.getByLabelText('Phone Number'), '98a765-43210999');
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('9876543210');
    await typing.type(screen.getByLabelText('Create Password'), 'Secret123');
    await typing.type(screen.getByLabelText('Re-type Password'), 'Secret123');
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Please agree to the terms and conditions.')).toBeTruthy();
    await typing.click(screen.getByRole('checkbox'));
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('OTP not verified')).toBeTruthy();

    await typing.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('Please enter the OTP.')).toBeTruthy();
    await typing.type(screen.getByLabelText('Enter OTP'), '123456');
    await typing.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP Verified')).toBeTruthy();
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('User created and logged in successfully')).toBeTruthy();
    expect(calls.find((call) => call.path === '/users/')?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      password: 'Secret123',
    });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual(created);
    expect(JSON.parse(localStorage.getItem(USER_DATA_STORAGE_KEY) ?? '{}')).toEqual({
      userName: 'Asha Rao',
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      _id: 'usr_9',
    });
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/');
  });

  it("keeps the button's name 'Register' while registering, and says it is busy", async () => {
    const answer = gate();
    stubApi(async (call) => {
      if (call.path === '/users/') await answer.opened;
      return happyAnswers(call);
    });
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await fillAllSteps(typing);
    const register = screen.getByRole('button', { name: 'Register' });
    expect(register.getAttribute('aria-busy')).toBe('false');
    await typing.click(register);
    await waitFor(() => expect(register.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Register' })).toBe(register);
    expect(within(register).queryByRole('status')).toBeNull();
    answer.open();
    expect(await screen.findByText('User created and logged in successfully')).toBeTruthy();
  });

  it('refuses a password under 8 characters and takes 8 of any kind, digits alone included', async () => {
    const calls = stubApi(happyAnswers);
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await fillAllSteps(typing, '1234567');
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(calls.some((call) => call.path === '/users/')).toBe(false);

    await typing.type(screen.getByLabelText('Create Password'), '8');
    await typing.type(screen.getByLabelText('Re-type Password'), '8');
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('User created and logged in successfully')).toBeTruthy();
    expect(calls.find((call) => call.path === '/users/')?.body).toMatchObject({ password: '12345678' });
  });

  it('requires every field and equal passwords', async () => {
    stubApi(happyAnswers);
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('All fields are required!')).toBeTruthy();
    await typing.type(screen.getByLabelText('Username'), 'Asha');
    await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
    await typing.type(screen.getByLabelText('Phone Number'), '98765');
    await typing.type(screen.getByLabelText('Create Password'), 'Secret123');
    await typing.type(screen.getByLabelText('Re-type Password'), 'Secret124');
    await typing.click(screen.getByRole('checkbox'));
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Passwords do not match!')).toBeTruthy();
    await typing.type(screen.getByLabelText('Re-type Password'), '{Backspace}3');
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Invalid Phone Number')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Already an user? Login' }).getAttribute('href')).toBe('/login');
  });

  it.each(['98765 43210', '+919876543210', '09876543210'])(
    'keeps the whole phone number when %s is pasted, within the 10-digit limit',
    async (pasted) => {
      stubApi(happyAnswers);
      renderScreen('/signup', '/signup', <SignupForm />);
      const typing = user();
      const phone = screen.getByLabelText('Phone Number') as HTMLInputElement;
      expect(phone.maxLength).toBe(10);
      await typing.click(phone);
      await typing.paste(pasted);
      expect(phone.value).toBe('9876543210');
    },
  );

  it('carries `from` to login and back to that page after registering, 3 seconds on', async () => {
    stubApi(happyAnswers);
    const from = '/services/bills/Electricity/Some%20Power';
    const { router } = renderScreen(`/signup?from=${encodeURIComponent(from)}`, '/signup', <SignupForm />);
    expect(screen.getByRole('link', { name: 'Already an user? Login' }).getAttribute('href')).toBe(
      `/login?from=${encodeURIComponent(from)}`,
    );
    await register(user());
    expect(await screen.findByText('User created and logged in successfully')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/signup');
    await act(async () => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe(from);
  });

  it('ignores a `from` that would leave the site', async () => {
    stubApi(happyAnswers);
    const { router } = renderScreen('/signup?from=//evil.example', '/signup', <SignupForm />);
    expect(screen.getByRole('link', { name: 'Already an user? Login' }).getAttribute('href')).toBe('/login');
    await register(user());
    expect(await screen.findByText('User created and logged in successfully')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes down an earlier failure toast when registering succeeds', async () => {
    let failed = false;
    stubApi((call) => {
      if (call.path === '/users/' && !failed) {
        failed = true;
        return { status: 500, body: { message: 'boom' } };
      }
      return happyAnswers(call);
    });
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await register(typing);
    expect(await screen.findByText('An error occurred during registration')).toBeTruthy();
    await typing.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('User created and logged in successfully')).toBeTruthy();
    await expectToastGone('An error occurred during registration');
  });

  it('warns with the server message when the e-mail already has an account', async () => {
    stubApi(({ path }) =>
      path === '/users/otp'
        ? { status: 409, body: { message: 'User creation failed. Email already exists' } }
        : undefined,
    );
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await typing.type(screen.getByLabelText('Username'), 'Asha');
    await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('User creation failed. Email already exists')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send OTP' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the code on Enter in Email ID and verifies it on Enter in Enter OTP, without registering', async () => {
    const calls = stubApi(happyAnswers);
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await typing.type(screen.getByLabelText('Username'), 'Asha Rao');
    await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com{Enter}');
    expect(await screen.findByText('Email sent successfully')).toBeTruthy();
    // Enter again while the resend wait runs asks for nothing.
    await typing.type(screen.getByLabelText('Email ID'), '{Enter}');
    await typing.type(await screen.findByLabelText('Enter OTP'), '123456{Enter}');
    expect(await screen.findByText('OTP Verified')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/users/otp', '/users/verify']);
    expect(screen.queryByText('All fields are required!')).toBeNull();
  });

  it("answers a code shorter than six digits 'Invalid OTP or OTP expired' without asking the server", async () => {
    const calls = stubApi(happyAnswers);
    renderScreen('/signup', '/signup', <SignupForm />);
    const typing = user();
    await typing.type(screen.getByLabelText('Username'), 'Asha Rao');
    await typing.type(screen.getByLabelText('Email ID'), 'asha@example.com');
    await typing.click(screen.getByRole('button', { name: 'Send OTP' }));
    await typing.type(await screen.findByLabelText('Enter OTP'), '12345');
    await typing.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Invalid OTP or OTP expired')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/users/otp']);
  });

  it('stops the username at the 100 characters a profile keeps', () => {
    stubApi(happyAnswers);
    renderScreen('/signup', '/signup', <SignupForm />);
    expect(screen.getByLabelText('Username').getAttribute('maxlength')).toBe('100');
  });
});
