import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useApiMessageText } from '../../../lib/i18n/api-messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useRequestPayerCode } from '../api/request-payer-code.ts';

/** The api's refusal of a complaint about someone else's payment, as the catalogue names it. */
export const PAYER_ONLY = 'api-errors.complaints.payerOnly';

/**
 * The step a complaint about a payment needs from someone not signed in as its payer (decision 106):
 * log in to the account that paid, or have a code mailed to the e-mail on the payment and enter it.
 * The code is sent by the complaint form's own Submit.
 */
export function PayerCodeStep(props: {
  txnReferenceId: () => string | undefined;
  codeInput: ComponentProps<'input'>;
  codeError?: string;
}) {
  const { formatMessage } = useIntl();
  const apiMessageText = useApiMessageText();
  const apiErrorText = useApiErrorText();
  const request = useRequestPayerCode();
  const send = () => {
    const txnReferenceId = props.txnReferenceId();
    if (txnReferenceId) request.mutate({ txnReferenceId });
  };

  return (
    <section
      aria-labelledby="payer-code-title"
      className="flex flex-col gap-3 rounded-xl border-l-4 border-brand-500 bg-brand-50 p-5"
    >
      <h3 id="payer-code-title" className="text-lg font-semibold text-gray-900">
        {formatMessage({ id: 'complaints.proof.title' })}
      </h3>
      <p className="text-gray-800">{formatMessage({ id: PAYER_ONLY })}</p>
      <div className="flex flex-wrap items-center gap-4">
        <BusyButton
          busy={request.isPending}
          onClick={send}
          className="rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-100"
        >
          {formatMessage({ id: request.data ? 'complaints.proof.sendAgain' : 'complaints.proof.send' })}
        </BusyButton>
        <Link to={paths.loginFrom(paths.complaint)} className="font-semibold text-brand-800 underline">
          {formatMessage({ id: 'payments.login' })}
        </Link>
      </div>
      {request.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {apiErrorText(request.error)}
        </p>
      )}
      {request.data && (
        <>
          <p role="status" className="text-gray-800">
            {apiMessageText(request.data)}
          </p>
          <FormField label={formatMessage({ id: 'complaints.proof.code' })} error={props.codeError}>
            {(control) => (
              <input
                {...control}
                {...props.codeInput}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className={`${inputClass} max-w-48`}
              />
            )}
          </FormField>
        </>
      )}
    </section>
  );
}
