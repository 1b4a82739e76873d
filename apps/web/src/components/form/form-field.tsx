import { type ComponentProps, type FormEvent, type ReactNode, useId } from 'react';

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
 * sent rather than while typing, where nothing else would tell a screen-reader user.
 */
export function FieldError({ id, message, announce }: { id?: string; message?: string; announce?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="text-sm text-red-700">
      {message}
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
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint && hintId, props.error && errorId, props.describedBy]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {props.label}
        {props.optional && <span className="font-normal text-gray-500"> (optional)</span>}
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
 * Props for an input that keeps digits only, at most `maxLength` (phone numbers): whatever else is
 * typed or pasted is dropped as it arrives.
 */
export function digitsInputProps(maxLength: number) {
  return {
    type: 'tel',
    inputMode: 'numeric',
    maxLength,
    onInput: (event: FormEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const digits = input.value.replace(/\D/g, '').slice(0, maxLength);
      // Only when it differs: writing the same value would swallow the change event forms listen to.
      if (digits !== input.value) input.value = digits;
    },
  } as const;
}
