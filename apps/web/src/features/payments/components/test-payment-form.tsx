import type { CreateOrderResponse } from '@erti/contracts';
import { BRAND, SHORT_TOAST_MS } from '@erti/contracts/constants';
import { paiseOrThrow, parseRupees } from '@erti/contracts/rupees';
import { phoneDigits } from '@erti/contracts/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type IntlShape, useIntl } from 'react-intl';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass, phoneLengthProps } from '../../../components/form/form-field.tsx';
import { useLoginPrompt } from '../../../components/use-login-prompt.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { postHiddenForm } from '../../../lib/hidden-form-post.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { getSession, getUserData } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateTestOrder } from '../api/create-test-order.ts';
import { isUnauthorised } from '../model/payment-problem.ts';
import { randomReceipt, type TestPaymentValues, testPaymentFormSchema } from '../model/test-payment-form.ts';

/** Razorpay's hosted checkout form: key id, amount, order, prefill and where to come back. */
function checkoutFields(order: CreateOrderResponse, form: TestPaymentValues): Record<string, string> {
  return {
    key_id: order.keyId,
    amount: String(order.amount),
    order_id: order.id,
    name: BRAND,
    description: `${BRAND} test payment`,
    'prefill[name]': getUserData()?.userName ?? '',
    'prefill[email]': form.email,
    'prefill[contact]': form.contact,
    callback_url: order.callbackUrl,
    cancel_url: order.cancelUrl,
  };
}

/**
 * Spec section 8's two test-payment lines, each for 3 s: the server could not create the order
 * ('Failed to create order...'), or starting the checkout failed for a stated reason (a refusal the
 * user can fix, or no connection).
 */
function failureLine(error: unknown, intl: IntlShape, apiErrorText: (error: unknown) => string): string {
  if (error instanceof ApiError && error.status >= 500)
    return intl.formatMessage({ id: 'spec.errors.createOrderFailed' });
  return intl.formatMessage({ id: 'spec.errors.paymentInitFailed' }, { message: apiErrorText(error) });
}

/** `/bbps`, the test payment page: amount, email and contact, then Razorpay's hosted checkout. */
export function TestPaymentForm() {
  const intl = useIntl();
  const apiErrorText = useApiErrorText();
  const user = getUserData();
  const login = useLoginPrompt();
  const createOrder = useCreateTestOrder();
  const [redirecting, setRedirecting] = useState(false);
  const { register, handleSubmit, watch, formState } = useForm<TestPaymentValues>({
    resolver: zodResolver(testPaymentFormSchema),
    defaultValues: { amount: '', email: user?.email ?? '', contact: user?.phone ?? '' },
  });
  const filled = watch(['amount', 'email', 'contact']).every((value) => value.trim() !== '');
  const busy = createOrder.isPending || redirecting;
  const contact = register('contact');

  const pay = handleSubmit(async (form) => {
    if (!getSession()) return login.prompt();
    try {
      const order = await createOrder.mutateAsync({
        // The form's schema has read this amount already.
        amount: paiseOrThrow(parseRupees(form.amount, 'typed')),
        currency: 'INR',
        receipt: randomReceipt(),
        notes: { email: form.email, contact: form.contact },
      });
      setRedirecting(true);
      postHiddenForm(order.checkoutUrl, checkoutFields(order, form));
    } catch (error) {
      setRedirecting(false);
      if (isUnauthorised(error)) return login.prompt();
      toast.error(failureLine(error, intl, apiErrorText), { autoClose: SHORT_TOAST_MS });
    }
  });

  return (
    <form onSubmit={pay} noValidate className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <FormField
        label={intl.formatMessage({ id: 'payments.testPayment.amount' })}
        error={
          formState.errors.amount?.message && intl.formatMessage({ id: formState.errors.amount.message })
        }
      >
        {(field) => (
          <input
            {...field}
            {...register('amount')}
            className={inputClass}
            inputMode="decimal"
            placeholder={intl.formatMessage({ id: 'spec.placeholders.amount' })}
          />
        )}
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'payments.testPayment.email' })}
        error={formState.errors.email?.message}
      >
        {(field) => (
          <input {...field} {...register('email')} className={inputClass} type="email" autoComplete="email" />
        )}
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'payments.testPayment.contact' })}
        error={formState.errors.contact?.message}
      >
        {(field) => (
          <input
            {...field}
            {...contact}
            className={inputClass}
            onChange={(event) => {
              event.target.value = phoneDigits(event.target.value);
              return contact.onChange(event);
            }}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            {...phoneLengthProps}
          />
        )}
      </FormField>
      <BusyButton
        type="submit"
        busy={busy}
        disabled={!filled}
        className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {intl.formatMessage({ id: 'payments.testPayment.payNow' })}
      </BusyButton>
      {login.dialog}
    </form>
  );
}
