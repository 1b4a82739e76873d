import { type ContactMessage, contactMessageSchema, messages, phoneDigits } from '@erti/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass, phoneInputProps } from '../../../components/form/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const empty: ContactMessage = { name: '', email: '', phone: '', subject: '', message: '' };
const { contactAllFields } = messages.validation;
const MISSING_ID = 'contact-missing';

/**
 * The contact form (spec sections 3 and 5): every field required ('Please fill in all fields!', shown
 * once above the form), the e-mail and the 10-digit phone checked with the spec's messages.
 */
export function ContactForm() {
  const send = useSendContactMessage();
  const { formatMessage } = useIntl();
  const specText = useSpecText();
  const apiErrorText = useApiErrorText();
  /** The server's own words for input and rate-limit refusals; the spec's failure message otherwise. */
  const failureMessage = (error: unknown) =>
    error instanceof ApiError && (error.status === 400 || error.status === 429)
      ? apiErrorText(error)
      : formatMessage({ id: 'spec.errors.contactFailed' });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactMessage>({ resolver: zodResolver(contactMessageSchema), defaultValues: empty });
  const missing = Object.values(errors).some((error) => error?.message === contactAllFields);
  // A blank field is described by the summary above the form; its own line says what else is wrong.
  const feedback = (name: keyof ContactMessage) => {
    const message = errors[name]?.message;
    const blank = message === contactAllFields;
    return {
      error: blank ? undefined : message,
      invalid: Boolean(message),
      describedBy: blank ? MISSING_ID : undefined,
    };
  };

  const onSubmit = handleSubmit(async (message) => {
    try {
      const answer = await send.mutateAsync(message);
      toast.success(specText(answer.message));
      reset(empty);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" className="flex flex-col gap-4">
      <h2 id="contact-form-title" className="text-xl font-semibold text-brand-900">
        {formatMessage({ id: 'contact.form.title' })}
      </h2>
      {missing && (
        <p id={MISSING_ID} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {specText(contactAllFields)}
        </p>
      )}
      <FormField label={formatMessage({ id: 'accounts.field.name' })} {...feedback('name')}>
        {(control) => <input {...control} {...register('name')} autoComplete="name" className={inputClass} />}
      </FormField>
      <FormField label={formatMessage({ id: 'accounts.field.email' })} {...feedback('email')}>
        {(control) => (
          <input
            {...control}
            {...register('email')}
            type="email"
            autoComplete="email"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label={formatMessage({ id: 'accounts.field.phone' })} {...feedback('phone')}>
        {(control) => (
          <input
            {...control}
            {...register('phone', { setValueAs: (value: string) => phoneDigits(value) })}
            {...phoneInputProps}
            autoComplete="tel-national"
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label={formatMessage({ id: 'contact.form.subject' })} {...feedback('subject')}>
        {(control) => <input {...control} {...register('subject')} className={inputClass} />}
      </FormField>
      <FormField label={formatMessage({ id: 'contact.form.message' })} {...feedback('message')}>
        {(control) => <textarea {...control} {...register('message')} rows={5} className={inputClass} />}
      </FormField>
      <BusyButton
        type="submit"
        busy={send.isPending}
        className="inline-flex items-center justify-center gap-2 self-start rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
      >
        {formatMessage({ id: 'contact.form.send' })}
      </BusyButton>
    </form>
  );
}
