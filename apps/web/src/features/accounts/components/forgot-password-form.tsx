import { digitsOnly, otpCodeSchema } from '@erti/contracts';
import { OTP_RESEND_WAIT_SECONDS, REDIRECT_AFTER_AUTH_MS } from '@erti/contracts/constants';
import { isPlainEmailAddress, normalEmailAddress } from '@erti/contracts/email-address';
import { messages } from '@erti/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { isStrongPassword } from '../account-rules.ts';
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
  const address = normalEmailAddress(email);
  const { formatMessage } = useIntl();
  const specText = useSpecText();
  const apiErrorText = useApiErrorText();
  /** The api's answer to a bad request in the site's language; anything else is `fallback`. */
  const failureMessage = (error: unknown, fallback: string) =>
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? apiErrorText(error) : fallback;

  async function sendResetEmail() {
    if (!isPlainEmailAddress(address)) return setErrors({ email: messages.validation.resetEmail });
    setErrors({});
    try {
      const answer = await requestReset.mutateAsync({ email: address });
      toast.success(specText(answer.message));
      countdown.start(OTP_RESEND_WAIT_SECONDS);
      setStep('reset');
    } catch (error) {
      toast.error(failureMessage(error, formatMessage({ id: 'spec.errors.invalidUser' })));
    }
  }

  async function submitNewPassword(event: FormEvent) {
    event.preventDefault();
    const found = resetErrors(otp, password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // A code that is not six digits is a wrong code, answered as the server answers one.
    if (!otpCodeSchema.safeParse(otp).success)
      return toast.error(formatMessage({ id: 'spec.api.invalidOtp' }));
    try {
      const answer = await setNewPassword.mutateAsync({ password, OTP: otp.trim() });
      toast.dismissAll();
      toast.success(specText(answer.message));
      setStep('done');
      redirect(paths.login, REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      toast.error(failureMessage(error, formatMessage({ id: 'spec.api.invalidOtp' })));
    }
  }

  const footer = (
    <>
      {formatMessage({ id: 'accounts.reset.remembered' })}{' '}
      <Link to={paths.login} className={linkClass}>
        {formatMessage({ id: 'accounts.reset.loginHere' })}
      </Link>
    </>
  );

  if (step === 'done') {
    return (
      <AuthCard title={formatMessage({ id: 'accounts.reset.title' })} footer={footer}>
        <p role="status" className="text-green-700">
          {formatMessage({ id: 'accounts.reset.done' })}
        </p>
      </AuthCard>
    );
  }

  if (step === 'email') {
    return (
      <AuthCard title={formatMessage({ id: 'accounts.reset.title' })} footer={footer}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void sendResetEmail();
          }}
        >
          <p className="text-sm text-gray-600">{formatMessage({ id: 'accounts.reset.intro' })}</p>
          <TextField
            label={formatMessage({ id: 'accounts.field.emailId' })}
            {...emailInput}
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <BusyButton type="submit" busy={requestReset.isPending} className={`${primaryButtonClass} w-full`}>
            {formatMessage({ id: 'accounts.otp.send' })}
          </BusyButton>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={formatMessage({ id: 'accounts.reset.title' })} footer={footer}>
      <form noValidate onSubmit={submitNewPassword} className="space-y-4">
        <p className="text-sm text-gray-600">
          {formatMessage(
            { id: 'accounts.reset.codeSent' },
            { address, strong: (chunks) => <strong>{chunks}</strong> },
          )}{' '}
          <button
            type="button"
            onClick={() => void sendResetEmail()}
            disabled={countdown.secondsLeft > 0 || requestReset.isPending}
            className={`${linkClass} disabled:cursor-not-allowed disabled:text-gray-500 disabled:no-underline`}
          >
            {countdown.secondsLeft > 0
              ? formatMessage({ id: 'accounts.otp.resendIn' }, { seconds: countdown.secondsLeft })
              : formatMessage({ id: 'accounts.otp.send' })}
          </button>
        </p>
        <TextField
          label={formatMessage({ id: 'accounts.field.otp' })}
          {...otpInput}
          value={otp}
          error={errors.otp}
          onChange={(event) => setOtp(digitsOnly(event.target.value, OTP_LENGTH))}
        />
        <PasswordField
          label={formatMessage({ id: 'accounts.field.newPassword' })}
          name="new-password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label={formatMessage({ id: 'accounts.field.reenterPassword' })}
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <BusyButton type="submit" busy={setNewPassword.isPending} className={`${primaryButtonClass} w-full`}>
          {formatMessage({ id: 'accounts.reset.submit' })}
        </BusyButton>
      </form>
    </AuthCard>
  );
}
