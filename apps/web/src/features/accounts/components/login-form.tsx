import { REDIRECT_AFTER_AUTH_MS } from '@erti/contracts/constants';
import { isPlainEmailAddress, normalEmailAddress } from '@erti/contracts/email-address';
import { messages } from '@erti/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FieldError } from '../../../components/form/form-field.tsx';
import { ApiError, NO_ANSWER } from '../../../lib/api-client.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useLanguage } from '../../../lib/i18n/language-provider.tsx';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { safeReturnPath, withReturnPath } from '../account-rules.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate.ts';
import { useEmailOtp } from '../hooks/use-email-otp.ts';
import { startSessionFromProfile } from '../start-session.ts';
import { AuthCard } from './auth-card.tsx';
import {
  emailInput,
  linkClass,
  onEnter,
  PasswordField,
  primaryButtonClass,
  TextField,
} from './form-fields.tsx';
import { OtpCodeField } from './otp-code-field.tsx';
import { OtpSendButton } from './otp-send-button.tsx';

interface LoginErrors {
  email?: string;
  otp?: string;
  password?: string;
}

/**
 * Login: e-mail, a login OTP (Send OTP only for a valid e-mail, 30-second resend wait, Verify
 * OTP), then the password. Login is blocked until the OTP is verified.
 */
export function LoginForm() {
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');
  const otp = useEmailOtp('login');
  const signIn = useSignIn();
  const redirect = useDelayedNavigate();
  const { followProfile } = useLanguage();
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();
  const specText = useSpecText();
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [loggedIn, setLoggedIn] = useState(false);

  const address = normalEmailAddress(email);
  const emailValid = isPlainEmailAddress(address);
  const verified = otp.isVerified(address);
  const showEmailError = (emailTouched && email !== '' && !emailValid) || errors.email;

  async function sendCode() {
    if (!emailValid) return setErrors({ email: messages.validation.loginEmail });
    setErrors({});
    if (await otp.send(address)) setCode('');
  }

  async function verifyCode() {
    if (!code.trim()) return setErrors({ otp: messages.validation.enterOtp });
    setErrors({});
    await otp.verify(address, code);
  }

  function validate(): LoginErrors {
    const found: LoginErrors = {};
    if (!emailValid) found.email = messages.validation.loginEmail;
    if (!verified) found.otp = code.trim() ? messages.validation.verifyOtp : messages.validation.enterOtp;
    if (!password) found.password = messages.validation.enterPassword;
    return found;
  }

  async function logIn(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const session = await signIn.mutateAsync({ email: address, password });
      toast.dismissAll();
      toast.success(specText(session.message));
      void followProfile(await startSessionFromProfile(session, address));
      setLoggedIn(true);
      redirect(safeReturnPath(from), REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      // Spec section 8 logs a login that got no answer; the toast is issue 27's (decision 095).
      if (error instanceof ApiError && error.status === NO_ANSWER)
        console.error('Login got no answer', error);
      toast.error(apiErrorText(error, formatMessage({ id: 'spec.errors.signinFailed' })));
      // The login OTP expired or was used: a new one is needed.
      if (error instanceof ApiError && error.status === 403) otp.reset();
    }
  }

  return (
    <AuthCard
      title={formatMessage({ id: 'accounts.login.title' })}
      footer={
        <>
          {formatMessage({ id: 'accounts.login.noAccount' })}{' '}
          <Link to={withReturnPath(paths.signup, from)} className={linkClass}>
            {formatMessage({ id: 'accounts.login.signupHere' })}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={logIn} className="space-y-4">
        <TextField
          label={formatMessage({ id: 'accounts.field.emailId' })}
          {...emailInput}
          value={email}
          error={showEmailError ? messages.validation.loginEmail : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors({});
          }}
          onBlur={() => setEmailTouched(true)}
          onKeyDown={onEnter(() => void sendCode())}
          disabled={loggedIn}
        />
        {emailValid && <OtpSendButton otp={otp} onSend={() => void sendCode()} disabled={loggedIn} />}
        {otp.sentTo === address && (
          <OtpCodeField
            label={formatMessage({ id: 'accounts.field.otp' })}
            value={code}
            onChange={setCode}
            error={errors.otp}
            verified={verified}
            verifying={otp.verifying}
            onVerify={() => void verifyCode()}
            onKeyDown={onEnter(() => void verifyCode())}
          />
        )}
        {otp.sentTo !== address && <FieldError message={errors.otp} announce />}
        <PasswordField
          label={formatMessage({ id: 'accounts.field.password' })}
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={loggedIn}
        />
        <div className="text-right text-sm">
          <Link to={paths.forgotPassword} className={linkClass}>
            {formatMessage({ id: 'accounts.login.forgotPassword' })}
          </Link>
        </div>
        <BusyButton
          type="submit"
          busy={signIn.isPending}
          disabled={loggedIn}
          className={`${primaryButtonClass} w-full`}
        >
          {formatMessage({ id: 'accounts.login.submit' })}
        </BusyButton>
        {loggedIn && (
          <p role="status" className="text-center text-sm text-gray-600">
            {formatMessage({ id: 'accounts.login.takingYouBack' })}
          </p>
        )}
      </form>
    </AuthCard>
  );
}
