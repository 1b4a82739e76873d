import { useIntl } from 'react-intl';
import { BusyButton } from '../../../components/form/busy-button.tsx';
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
  const { formatMessage } = useIntl();
  const label = waiting
    ? formatMessage({ id: 'accounts.otp.resendIn' }, { seconds: otp.secondsLeft })
    : formatMessage({ id: 'accounts.otp.send' });
  return (
    <BusyButton
      busy={otp.sending}
      onClick={onSend}
      disabled={disabled || waiting}
      className={`${secondaryButtonClass} whitespace-nowrap`}
    >
      {label}
    </BusyButton>
  );
}
