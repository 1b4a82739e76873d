import { Spinner } from '../../../components/layout/spinner.tsx';
import type { EmailOtp } from '../hooks/use-email-otp.ts';
import { secondaryButtonClass } from './form-fields.tsx';

/**
 * 'Send OTP', disabled while sending and for 30 seconds after with 'Resend in: Ns', then
 * 'Resend OTP'.
 */
export function OtpSendButton({
  otp,
  onSend,
  disabled,
}: {
  otp: EmailOtp;
  onSend: () => void;
  disabled?: boolean;
}) {
  const waiting = otp.secondsLeft > 0;
  let label = otp.sentTo ? 'Resend OTP' : 'Send OTP';
  if (waiting) label = `Resend in: ${otp.secondsLeft}s`;
  return (
    <button
      type="button"
      onClick={onSend}
      disabled={disabled || otp.sending || waiting}
      className={`${secondaryButtonClass} whitespace-nowrap`}
    >
      {otp.sending && <Spinner label="Sending OTP" />}
      {label}
    </button>
  );
}
