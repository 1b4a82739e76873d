import { MAX_NAME_LENGTH } from '@erti/contracts/constants';
import { type KeyboardEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  FormField,
  inputClass,
  phoneLengthProps,
  TextField as SharedTextField,
  type TextFieldProps,
} from '../../../components/form/form-field.tsx';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const linkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';

/**
 * The e-mail, phone and code inputs the account forms share, so each is typed and autofilled alike.
 * The phone input keeps the spec's 10-character limit; its form keeps `phoneDigits` of what is
 * typed, and a paste is cleaned before the limit applies (`phoneLengthProps`).
 */
export const emailInput = { type: 'email', name: 'email', autoComplete: 'email' } as const;
export const nameInput = { name: 'name', autoComplete: 'name', maxLength: MAX_NAME_LENGTH } as const;
export const phoneInput = {
  type: 'tel',
  name: 'phone',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  ...phoneLengthProps,
} as const;
export const OTP_LENGTH = 6;
export const otpInput = {
  name: 'otp',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: OTP_LENGTH,
} as const;

/** Runs `action` when Enter is pressed in a field, instead of submitting the whole form. */
export const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  action();
};

/**
 * The site's text field. The account forms check what was typed when a button is pressed, so their
 * errors are read out as they appear.
 */
export function TextField(props: TextFieldProps) {
  return <SharedTextField announceError {...props} />;
}

/** A password input with a show/hide toggle (a pressed button tells its state). */
export function PasswordField({ label, error, ...input }: Omit<TextFieldProps, 'type' | 'hint'>) {
  const [visible, setVisible] = useState(false);
  const { formatMessage } = useIntl();
  const field = label.toLowerCase();
  return (
    <FormField label={label} error={error} announceError>
      {(control) => (
        <div className="relative">
          <input
            {...input}
            {...control}
            type={visible ? 'text' : 'password'}
            className={`${inputClass} pr-20`}
          />
          <button
            type="button"
            aria-label={
              visible
                ? formatMessage({ id: 'accounts.password.hideLabel' }, { field })
                : formatMessage({ id: 'accounts.password.showLabel' }, { field })
            }
            aria-pressed={visible}
            aria-controls={control.id}
            onClick={() => setVisible((shown) => !shown)}
            className="absolute inset-y-0 right-0 my-1 mr-1 rounded px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {formatMessage({ id: visible ? 'accounts.password.hide' : 'accounts.password.show' })}
          </button>
        </div>
      )}
    </FormField>
  );
}
