import { type ChangeEvent, useState } from 'react';

const asTyped = (raw: string) => raw;

/**
 * A form's text values and the messages under them. `field(name)` gives a text field its value,
 * error and change handler (through `clean`, to keep digits only say); any change clears the
 * messages, which are shown again when the form is next sent.
 */
export function useFormValues<
  Values extends { [Name in keyof Values]: string },
  Extra extends string = never,
>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | Extra, string>>>({});
  const set = (name: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors({});
  };
  const field = (name: keyof Values, clean = asTyped) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name)(clean(event.target.value)),
  });
  return { values, setValues, errors, setErrors, set, field };
}
