import { BRAND, PHONE_LENGTH, REDIRECT_AFTER_AUTH_MS } from '@erti/contracts/constants';
import { isPlainEmailAddress, normalEmailAddress } from '@erti/contracts/email-address';
import { messages } from '@erti/contracts/messages';
import { phoneDigits } from '@erti/contracts/text';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FieldError } from '../../../components/form/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { isStrongPassword, safeReturnPath, withReturnPath } from '../account-rules.ts';
import { useCreateUser } from '../api/create-user.ts';
import signupIllustration from '../assets/signup-illustration.svg';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate.ts';
import { useEmailOtp } from '../hooks/use-email-otp.ts';
import { useFormValues } from '../hooks/use-form-values.ts';
import { startSessionWith } from '../start-session.ts';
import {
  emailInput,
  linkClass,
  nameInput,
  onEnter,
  PasswordField,
  phoneInput,
  primaryButtonClass,
  TextField,
} from './form-fields.tsx';
import { OtpCodeField } from './otp-code-field.tsx';
import { OtpSendButton } from './otp-send-button.tsx';

/** The spec's sign-up form (section 3). */
interface SignupValues {
  userName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  otp: string;
}
type SignupErrors = Partial<Record<keyof SignupValues | 'terms' | 'form', string>>;

const emptyForm: SignupValues = {
  userName: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  otp: '',
};

/** Register's checks in the spec's order; the first that fails is shown. */
function registerError(values: SignupValues, agreed: boolean, otpVerified: boolean): SignupErrors {
  const { userName, email, phoneNumber, password, confirmPassword } = values;
  if (![userName.trim(), email.trim(), phoneNumber, password, confirmPassword].every(Boolean)) {
    return { form: messages.validation.registerAllFields };
  }
  if (!agreed) return { terms: messages.validation.registerTerms };
  if (password !== confirmPassword) return { confirmPassword: messages.validation.registerPasswordsMismatch };
  if (phoneNumber.length !== PHONE_LENGTH) return { phoneNumber: messages.validation.registerPhone };
  if (!otpVerified) return { otp: messages.validation.registerOtpNotVerified };
  if (!isStrongPassword(password)) return { password: messages.validation.weakPassword };
  return {};
}

/**
 * Sign-up in three steps: name and e-mail with Send OTP, the mailed code, then phone, password
 * and the terms. Registering signs the user in and, after 3 seconds, goes back to the page in
 * `from` (a path on this site) or home.
 */
export function SignupForm() {
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');
  const otp = useEmailOtp('signup');
  const createUser = useCreateUser();
  const redirect = useDelayedNavigate();
  const { values, setValues, errors, setErrors, set, field } = useFormValues<SignupValues, 'terms' | 'form'>(
    emptyForm,
  );
  const [agreed, setAgreed] = useState(false);
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();

  const address = normalEmailAddress(values.email);
  const verified = otp.isVerified(address);

  async function sendCode() {
    if (!values.userName.trim()) return setErrors({ userName: messages.validation.signupUsername });
    if (!address) return setErrors({ email: messages.validation.signupEmailRequired });
    if (!isPlainEmailAddress(address)) return setErrors({ email: messages.validation.signupEmail });
    setErrors({});
    if (await otp.send(address)) set('otp')('');
  }

  async function verifyCode() {
    if (!values.otp.trim()) return setErrors({ otp: messages.validation.signupEnterOtp });
    await otp.verify(address, values.otp);
  }

  async function register(event: FormEvent) {
    event.preventDefault();
    const found = registerError(values, agreed, verified);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const profile = { name: values.userName.trim(), email: address, phone: values.phoneNumber };
    try {
      const session = await createUser.mutateAsync({ ...profile, password: values.password });
      startSessionWith(session, { _id: session.UserId, ...profile });
      toast.dismissAll();
      toast.success(formatMessage({ id: 'spec.errors.signupSuccess' }));
      setValues(emptyForm);
      setAgreed(false);
      otp.reset();
      // Back to the page that asked for an account (a bill page fills in what was typed), else home.
      redirect(safeReturnPath(from), REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
      toast.error(known ? apiErrorText(error) : formatMessage({ id: 'spec.errors.signupError' }));
      if (known && error.status === 403) otp.reset();
    }
  }

  return (
    <section className="mx-auto grid w-full max-w-5xl items-center gap-8 px-4 py-10 md:grid-cols-2">
      <img
        src={signupIllustration}
        width={320}
        height={320}
        alt={formatMessage({ id: 'accounts.signup.illustration' })}
        className="mx-auto hidden h-auto w-full max-w-xs md:block"
      />
      <div className="rounded-2xl bg-white p-6 shadow-md sm:p-8">
        <h1 className="text-2xl font-bold text-brand-700">
          {formatMessage({ id: 'accounts.signup.title' }, { brand: BRAND })}
        </h1>
        <form noValidate onSubmit={register} className="mt-6 space-y-4">
          <fieldset className="space-y-4">
            <legend className="sr-only">{formatMessage({ id: 'accounts.signup.step1' })}</legend>
            <TextField
              label={formatMessage({ id: 'accounts.field.username' })}
              {...nameInput}
              {...field('userName')}
            />
            <TextField
              label={formatMessage({ id: 'accounts.field.emailId' })}
              {...emailInput}
              {...field('email')}
              onKeyDown={onEnter(() => void sendCode())}
            />
            <OtpSendButton otp={otp} onSend={() => void sendCode()} />
          </fieldset>
          {otp.sentTo === address && (
            <fieldset>
              <legend className="sr-only">{formatMessage({ id: 'accounts.signup.step2' })}</legend>
              <OtpCodeField
                label={formatMessage({ id: 'accounts.field.enterOtp' })}
                value={values.otp}
                onChange={set('otp')}
                error={errors.otp}
                verified={verified}
                verifying={otp.verifying}
                onVerify={() => void verifyCode()}
                onKeyDown={onEnter(() => void verifyCode())}
              />
            </fieldset>
          )}
          {otp.sentTo !== address && <FieldError id="signup-otp-error" message={errors.otp} announce />}
          <fieldset className="space-y-4">
            <legend className="sr-only">{formatMessage({ id: 'accounts.signup.step3' })}</legend>
            <TextField
              label={formatMessage({ id: 'accounts.field.phoneNumber' })}
              {...phoneInput}
              {...field('phoneNumber', phoneDigits)}
            />
            <PasswordField
              label={formatMessage({ id: 'accounts.field.createPassword' })}
              name="new-password"
              autoComplete="new-password"
              {...field('password')}
            />
            <PasswordField
              label={formatMessage({ id: 'accounts.field.retypePassword' })}
              name="confirm-password"
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
            <div>
              <div className="flex items-start gap-2">
                <input
                  id="signup-terms"
                  type="checkbox"
                  checked={agreed}
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
                  onChange={(event) => {
                    setAgreed(event.target.checked);
                    setErrors({});
                  }}
                  className="mt-1 h-4 w-4 accent-brand-700"
                />
                <label htmlFor="signup-terms" className="text-sm text-gray-700">
                  {formatMessage(
                    { id: 'accounts.signup.agree' },
                    {
                      privacy: (chunks) => (
                        <Link to={paths.privacy} className={linkClass}>
                          {chunks}
                        </Link>
                      ),
                      terms: (chunks) => (
                        <Link to={paths.terms} className={linkClass}>
                          {chunks}
                        </Link>
                      ),
                    },
                  )}
                </label>
              </div>
              <FieldError id="signup-terms-error" message={errors.terms} announce />
            </div>
          </fieldset>
          <FieldError id="signup-form-error" message={errors.form} announce />
          <BusyButton type="submit" busy={createUser.isPending} className={`${primaryButtonClass} w-full`}>
            {formatMessage({ id: 'accounts.signup.submit' })}
          </BusyButton>
        </form>
        <p className="mt-4 text-center text-sm text-gray-700">
          <Link to={withReturnPath(paths.login, from)} className={linkClass}>
            {formatMessage({ id: 'accounts.signup.haveAccount' })}
          </Link>
        </p>
      </div>
    </section>
  );
}
