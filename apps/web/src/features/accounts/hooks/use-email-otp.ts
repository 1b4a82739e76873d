import { type OtpPurpose, otpCodeSchema } from '@erti/contracts';
import { OTP_RESEND_WAIT_SECONDS } from '@erti/contracts/constants';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { useVerifyOtp } from '../api/verify-otp.ts';
import { useCountdown } from './use-countdown.ts';

/** The server's "Please wait N seconds" answer, so a reload still shows the right countdown. */
const waitSecondsOf = (error: unknown) =>
  error instanceof ApiError && error.status === 429
    ? Number(/wait (\d+) seconds/.exec(error.message)?.[1] ?? 0)
    : 0;

/**
 * Sending and verifying an e-mail OTP, shared by login, sign-up and the profile's e-mail change:
 * the 30-second resend wait, the spec's toasts, and which address was verified (editing the
 * address afterwards needs a new code).
 */
export function useEmailOtp(purpose: OtpPurpose) {
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const countdown = useCountdown();
  const [sentTo, setSentTo] = useState<string>();
  const [verifiedEmail, setVerifiedEmail] = useState<string>();
  const { formatMessage } = useIntl();
  const specText = useSpecText();
  const apiErrorText = useApiErrorText();

  async function send(email: string): Promise<boolean> {
    // Enter in the e-mail field reaches here too, while the button waits.
    if (countdown.secondsLeft > 0 || sendOtp.isPending) return false;
    try {
      const answer = await sendOtp.mutateAsync({ email, purpose });
      toast.success(
        purpose === 'signup' ? formatMessage({ id: 'spec.errors.emailSent' }) : specText(answer.message),
      );
      setSentTo(email);
      setVerifiedEmail(undefined);
      countdown.start(OTP_RESEND_WAIT_SECONDS);
      return true;
    } catch (error) {
      const wait = waitSecondsOf(error);
      if (wait > 0) countdown.start(wait);
      if (error instanceof ApiError && error.status > 0) toast.warn(apiErrorText(error));
      else toast.error(formatMessage({ id: 'spec.errors.otpSendError' }));
      return false;
    }
  }

  async function verify(email: string, otp: string): Promise<boolean> {
    // A code that is not six digits is a wrong code: say so as for any other, without asking.
    if (!otpCodeSchema.safeParse(otp).success) {
      toast.warn(formatMessage({ id: 'spec.errors.otpInvalidOrExpired' }));
      return false;
    }
    try {
      await verifyOtp.mutateAsync({ email, OTP: otp.trim() });
      toast.success(formatMessage({ id: 'spec.errors.otpVerifiedToast' }));
      setVerifiedEmail(email);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        toast.warn(apiErrorText(error));
      else toast.error(formatMessage({ id: 'spec.errors.otpVerifyError' }));
      return false;
    }
  }

  /** Forget the code and the verification (the address changed, or the verification was used up). */
  function reset() {
    setSentTo(undefined);
    setVerifiedEmail(undefined);
  }

  return {
    send,
    verify,
    reset,
    sending: sendOtp.isPending,
    verifying: verifyOtp.isPending,
    /** A code was sent to this address (the OTP field shows). */
    sentTo,
    isVerified: (email: string) => verifiedEmail !== undefined && verifiedEmail === email,
    secondsLeft: countdown.secondsLeft,
  };
}

export type EmailOtp = ReturnType<typeof useEmailOtp>;
