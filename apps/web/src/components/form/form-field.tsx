import { PHONE_LENGTH } from '@erti/contracts/constants';
import { phoneDigits } from '@erti/contracts/text';
import { type ClipboardEvent, type ComponentProps, type FormEvent, type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { useSpecText } from '../../lib/i18n/spec-messages.ts';

/** The props a field's control needs to be labelled and tied to its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export const inputClass =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:bg-gray-100';

/** A field label, for the few controls that lay themselves out (a combobox with its list). */
export const labelClass = 'font-medium text-gray-800';

/**
 * A field's error message. `announce` reads it out as it appears: for errors shown when the form is
 * sent rather than while typing, where nothing else would tell a screen-reader user. A spec string
 * (contracts' `messages`, a schema's message) shows in the site's language; any other text as given.
 */
export function FieldError({ id, message, announce }: { id?: string; message?: string; announce?: boolean }) {
  const specText = useSpecText();
  if (!message) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="text-sm text-red-700">
      {specText(message)}
    </p>
  );
}

/** What every labelled field takes besides its control. */
interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  /** Read the error out as it appears (see `FieldError`). */
  announceError?: boolean;
}

/**
 * A labelled form field: the label, the control (rendered by `children` with its id and ARIA
 * wiring), an optional hint and the error message. `describedBy` adds an outside message (a form
 * summary) to the control's description.
 */
export function FormField(
  props: FieldProps & {
    optional?: boolean;
    describedBy?: string;
    invalid?: boolean;
    children: (control: FieldControlProps) => ReactNode;
  },
) {
  const id = useId();
  const { formatMessage } = useIntl();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint && hintId, props.error && errorId, props.describedBy]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {props.label}
        {props.optional && (
          <span className="font-normal text-gray-500"> {formatMessage({ id: 'app.form.optional' })}</span>
        )}
      </label>
      {props.children({
        id,
        'aria-invalid': Boolean(props.error) || Boolean(props.invalid),
        'aria-describedby': describedBy || undefined,
      })}
      {props.hint && (
        <p id={hintId} className="text-sm text-gray-500">
          {props.hint}
        </p>
      )}
      <FieldError id={errorId} message={props.error} announce={props.announceError} />
    </div>
  );
}

export type TextFieldProps = FieldProps &
  Omit<ComponentProps<'input'>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled text input: a `FormField` around an `<input>` (its `ref` reaches the input). */
export function TextField({ label, error, hint, announceError, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} announceError={announceError}>
      {(control) => <input {...input} {...control} className={inputClass} />}
    </FormField>
  );
}

/**
 * A paste into a phone field, cleaned before the field's 10-character limit could cut it: the
 * browser would keep '+91 98765 4' of '+91 98765 43210' and lose a digit. The cleaned number goes
 * in as if typed (the value's own setter, then an input event), so the form's handlers see it.
 */
export function pastePhoneNumber(event: ClipboardEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const pasted = event.clipboardData.getData('text');
  event.preventDefault();
  const number = phoneDigits(input.value.slice(0, start) + pasted + input.value.slice(end));
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, number);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The spec's 10-digit limit on a phone input, with pastes cleaned before it applies. */
export const phoneLengthProps = { maxLength: PHONE_LENGTH, onPaste: pastePhoneNumber } as const;

/**
 * Props for a phone-number input: whatever is typed or pasted keeps its digits, less a +91 or 0 in
 * front, at most 10 (`phoneDigits`).
 */
export const phoneInputProps = {
  type: 'tel',
  inputMode: 'numeric',
  ...phoneLengthProps,
  onInput: (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const digits = phoneDigits(input.value);
    // Only when it differs: writing the same value would swallow the change event forms listen to.
    if (digits !== input.value) input.value = digits;
  },
} as const;
