import { digitsOnly, otpCodeSchema } from '@erti/contracts';
import { OTP_RESEND_WAIT_SECONDS, REDIRECT_AFTER_AUTH_MS } from '@erti/contracts/constants';
import { messages } from '@erti/contracts/messages';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { isStrongPassword, isValidEmail } from '../account-rules.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSetNewPassword } from '../api/set-new-password.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate.ts';
import { AuthCard } from './auth-card.tsx';
import {
  emailInput,
  linkClass,
  OTP_LENGTH,
  otpInput,
  PasswordField,
  primaryButtonClass,
  TextField,
} from './form-fields.tsx';

type Step = 'email' | 'reset' | 'done';
type ResetErrors = Partial<Record<'email' | 'otp' | 'password' | 'confirm', string>>;

const failureMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;

function resetErrors(otp: string, password: string, confirm: string): ResetErrors {
  if (!otp.trim()) return { otp: messages.validation.resetEnterOtp };
  if (!password || !confirm) return { confirm: messages.validation.resetBothPasswords };
  if (password !== confirm) return { confirm: messages.validation.resetPasswordsMismatch };
  if (!isStrongPassword(password)) return { password: messages.validation.weakPassword };
  return {};
}

/** Forgot password: the e-mail gets a reset code, then the code and a new password (twice), then /login. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const setNewPassword = useSetNewPassword();
  const countdown = useCountdown();
  const redirect = useDelayedNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const address = email.trim().toLowerCase();

  async function sendResetEmail() {
    if (!isValidEmail(address)) return setErrors({ email: messages.validation.resetEmail });
    setErrors({});
    try {
      const answer = await requestReset.mutateAsync({ email: address });
      toast.success(answer.message);
      countdown.start(OTP_RESEND_WAIT_SECONDS);
      setStep('reset');
    } catch (error) {
      toast.error(failureMessage(error, messages.errors.invalidUser));
    }
  }

  async function submitNewPassword(event: FormEvent) {
    event.preventDefault();
    const found = resetErrors(otp, password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // A code that is not six digits is a wrong code, answered as the server answers one.
    if (!otpCodeSchema.safeParse(otp).success) return toast.error(messages.api.invalidOtp);
    try {
      const answer = await setNewPassword.mutateAsync({ password, OTP: otp.trim() });
      toast.dismissAll();
      toast.success(answer.message);
      setStep('done');
      redirect(paths.login, REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      toast.error(failureMessage(error, messages.api.invalidOtp));
    }
  }

  const footer = (
    <>
      Remembered it?{' '}
      <Link to={paths.login} className={linkClass}>
        Login Here
      </Link>
    </>
  );

  if (step === 'done') {
    return (
      <AuthCard title="Forgot password" footer={footer}>
        <p role="status" className="text-green-700">
          {messages.api.passwordReset}. Taking you to the login page…
        </p>
      </AuthCard>
    );
  }

  if (step === 'email') {
    return (
      <AuthCard title="Forgot password" footer={footer}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void sendResetEmail();
          }}
        >
          <p className="text-sm text-gray-600">
            Enter the e-mail of your account and we will send you a code.
          </p>
          <TextField
            label="Email ID"
            {...emailInput}
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <BusyButton type="submit" busy={requestReset.isPending} className={`${primaryButtonClass} w-full`}>
            Send OTP
          </BusyButton>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" footer={footer}>
      <form noValidate onSubmit={submitNewPassword} className="space-y-4">
        <p className="text-sm text-gray-600">
          We sent a code to <strong>{address}</strong>.{' '}
          <button
            type="button"
            onClick={() => void sendResetEmail()}
            disabled={countdown.secondsLeft > 0 || requestReset.isPending}
            className={`${linkClass} disabled:cursor-not-allowed disabled:text-gray-500 disabled:no-underline`}
          >
            {countdown.secondsLeft > 0 ? `Resend in: ${countdown.secondsLeft}s` : 'Send OTP'}
          </button>
        </p>
        <TextField
          label="OTP"
          {...otpInput}
          value={otp}
          error={errors.otp}
          onChange={(event) => setOtp(digitsOnly(event.target.value, OTP_LENGTH))}
        />
        <PasswordField
          label="New Password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Re-enter Password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <BusyButton type="submit" busy={setNewPassword.isPending} className={`${primaryButtonClass} w-full`}>
          Submit
        </BusyButton>
      </form>
    </AuthCard>
  );
}
