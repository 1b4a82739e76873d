import { Spinner } from '../../../components/layout/spinner.tsx';
import type { EmailOtp } from '../hooks/use-email-otp.ts';
import { secondaryButtonClass } from './form-fields.tsx';

/**
 * 'Send OTP', disabled while sending and for 30 seconds after with 'Resend in: Ns', then
 * 'Send OTP' again: the spec names the button so throughout, and never 'Resend OTP'.
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
  const label = waiting ? `Resend in: ${otp.secondsLeft}s` : 'Send OTP';
  return (
    <button
      type="button"
      aria-busy={otp.sending}
      onClick={onSend}
      disabled={disabled || otp.sending || waiting}
      className={`${secondaryButtonClass} whitespace-nowrap`}
    >
      {otp.sending && <Spinner decorative />}
      {label}
    </button>
  );
}
