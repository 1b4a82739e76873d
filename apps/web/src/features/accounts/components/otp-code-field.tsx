import { digitsOnly } from '@erti/contracts';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { OTP_LENGTH, otpInput, secondaryButtonClass, TextField } from './form-fields.tsx';

interface OtpCodeFieldProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  verified: boolean;
  verifying: boolean;
  onVerify: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

const FIELDS =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** The first field of the form after `container`, where a person goes on. */
function nextFieldAfter(container: HTMLElement): HTMLElement | undefined {
  const fields = container.closest('form')?.querySelectorAll<HTMLElement>(FIELDS) ?? [];
  return [...fields].find(
    (field) =>
      !container.contains(field) &&
      Boolean(container.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
}

/**
 * Verifying disables the code and removes its button, so the focus would fall to the page: it goes
 * on to the form's next field instead, when it was here (or had already fallen).
 */
function useFocusNextFieldOnceVerified(verified: boolean) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const here = container.current;
    if (!verified || !here) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !here.contains(focused)) return;
    nextFieldAfter(here)?.focus();
  }, [verified]);
  return container;
}

/** The six-digit code with its 'Verify OTP' button; 'OTP Verified' once it is. */
export function OtpCodeField({
  label,
  value,
  onChange,
  error,
  verified,
  verifying,
  onVerify,
  onKeyDown,
}: OtpCodeFieldProps) {
  const container = useFocusNextFieldOnceVerified(verified);
  const { formatMessage } = useIntl();
  return (
    <div ref={container}>
      <TextField
        label={label}
        {...otpInput}
        value={value}
        error={error}
        disabled={verified}
        onChange={(event) => onChange(digitsOnly(event.target.value, OTP_LENGTH))}
        onKeyDown={onKeyDown}
      />
      <div className="mt-2 flex items-center gap-3">
        {verified ? (
          <p role="status" className="flex items-center gap-1 font-semibold text-green-700">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 0 1 1.4 1.4Z" />
            </svg>
            {formatMessage({ id: 'accounts.otp.verified' })}
          </p>
        ) : (
          <BusyButton busy={verifying} onClick={onVerify} className={secondaryButtonClass}>
            {formatMessage({ id: 'accounts.otp.verify' })}
          </BusyButton>
        )}
      </div>
    </div>
  );
}
