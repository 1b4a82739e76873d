import {
  indiaDate,
  isTransactionQuery,
  phoneDigits,
  queryTypes,
  type RaiseComplaint,
  raiseComplaintRequestSchema,
} from '@erti/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass, phoneInputProps } from '../../../components/form/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFormat } from '../../../lib/format.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useApiMessageText } from '../../../lib/i18n/api-messages.ts';
import type { ComplaintNavigationState } from '../../../lib/navigation-state.ts';
import { getUserData } from '../../../lib/session.ts';
import { useRaiseComplaint } from '../api/raise-complaint.ts';
import { queryTypeIds, statusLabel } from '../status-label.ts';
import { useValidationText } from '../validation-text.ts';
import { PAYER_ONLY, PayerCodeStep } from './payer-code-step.tsx';
import { ComplaintFacts, ResultPanel } from './result-panel.tsx';
import { ScreenshotField } from './screenshot-field.tsx';
import { submitButtonClass } from './styles.ts';

type FormValues = z.input<typeof raiseComplaintRequestSchema>;

/** Blank optional inputs are left out rather than sent as empty strings. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

function startingValues(prefill: ComplaintNavigationState['prefill']): Partial<FormValues> {
  const user = getUserData();
  return {
    name: user?.name ?? user?.userName ?? '',
    email: user?.email ?? '',
    contactNumber: user?.phone ?? '',
    initiatedVia: prefill?.initiatedVia ?? '',
    transactionDate: prefill?.transactionDate,
    transactionAmount: prefill?.transactionAmount,
    txnReferenceId: prefill?.txnReferenceId,
  };
}

/** The api's answer to a complaint about a payment from someone not signed in as its payer. */
const isPayerOnly = (error: unknown) =>
  error instanceof ApiError &&
  `api-errors.${(error.body as { messageKey?: unknown } | null)?.messageKey}` === PAYER_ONLY;

/**
 * Raise Complaint (spec section 2). For a transaction query the channel, date and amount are asked
 * for; the Txn ID may be left empty when the customer never got one. 'Others' asks for a description.
 * A receipt's "Raise complaint" link pre-fills the transaction; a signed-in user's details are filled in.
 * A complaint about a payment from someone not signed in as its payer asks, on the same screen, for
 * the code mailed to the e-mail on the payment, or to log in (decision 106).
 */
export function RaiseComplaintForm({ prefill }: { prefill?: ComplaintNavigationState['prefill'] }) {
  const { formatMessage } = useIntl();
  const apiMessageText = useApiMessageText();
  const format = useFormat();
  const errorText = useValidationText();
  const apiErrorText = useApiErrorText();
  const raise = useRaiseComplaint();
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, RaiseComplaint>({
    resolver: zodResolver(raiseComplaintRequestSchema),
    defaultValues: startingValues(prefill),
  });
  const queryType = watch('queryType');
  const aboutTransaction = queryType === undefined || isTransactionQuery(queryType);
  const today = indiaDate();

  /** Once the api asked for the payer's code, the step stays until the complaint is registered. */
  const [proving, setProving] = useState(false);
  const onSubmit = handleSubmit((complaint) =>
    raise.mutate(complaint, {
      onError: (error) => isPayerOnly(error) && setProving(true),
      onSuccess: () => setProving(false),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={formatMessage({ id: 'complaints.tabs.raise' })}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          label={formatMessage({ id: 'complaints.raise.name' })}
          error={errorText(errors.name?.message)}
        >
          {(control) => (
            <input {...control} {...register('name')} autoComplete="name" className={inputClass} />
          )}
        </FormField>
        <FormField
          label={formatMessage({ id: 'complaints.raise.queryType' })}
          error={errorText(errors.queryType?.message)}
        >
          {(control) => (
            <select
              {...control}
              {...register('queryType', { setValueAs: blankToUndefined })}
              defaultValue=""
              className={inputClass}
            >
              <option value="" disabled>
                {formatMessage({ id: 'complaints.raise.chooseQueryType' })}
              </option>
              {queryTypes.map((type) => (
                <option key={type} value={type}>
                  {formatMessage({ id: queryTypeIds[type] })}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={formatMessage({ id: 'complaints.raise.contactNumber' })}
          error={errorText(errors.contactNumber?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('contactNumber', {
                setValueAs: (value: string) => phoneDigits(value ?? ''),
              })}
              {...phoneInputProps}
              autoComplete="tel-national"
              className={inputClass}
            />
          )}
        </FormField>
        <FormField
          label={formatMessage({ id: 'complaints.raise.email' })}
          error={errorText(errors.email?.message)}
        >
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
        <FormField
          label={formatMessage({ id: 'complaints.raise.initiatedVia' })}
          hint={formatMessage({ id: 'complaints.raise.initiatedViaHint' })}
          optional={!aboutTransaction}
          error={errorText(errors.initiatedVia?.message)}
        >
          {(control) => <input {...control} {...register('initiatedVia')} className={inputClass} />}
        </FormField>
        <FormField
          label={formatMessage({ id: 'complaints.raise.transactionDate' })}
          optional={!aboutTransaction}
          error={errorText(errors.transactionDate?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('transactionDate', { setValueAs: blankToUndefined })}
              type="date"
              max={today}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField
          label={formatMessage({ id: 'complaints.raise.transactionAmount' })}
          optional={!aboutTransaction}
          error={errorText(errors.transactionAmount?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('transactionAmount', { setValueAs: blankToUndefined })}
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              className={inputClass}
            />
          )}
        </FormField>
        <FormField
          label={formatMessage({ id: 'complaints.raise.txnReferenceId' })}
          optional
          hint={formatMessage({ id: 'complaints.raise.txnReferenceIdHint' })}
          error={errorText(errors.txnReferenceId?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('txnReferenceId', { setValueAs: blankToUndefined })}
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} uppercase`}
            />
          )}
        </FormField>
      </div>
      <ScreenshotField
        error={errorText(errors.screenshot?.message)}
        onChange={(dataUrl) => setValue('screenshot', dataUrl, { shouldValidate: dataUrl !== undefined })}
      />
      <FormField
        label={formatMessage({ id: 'complaints.raise.description' })}
        optional={aboutTransaction}
        error={errorText(errors.description?.message)}
      >
        {(control) => <textarea {...control} {...register('description')} rows={4} className={inputClass} />}
      </FormField>
      {proving && (
        <PayerCodeStep
          txnReferenceId={() => getValues('txnReferenceId')}
          codeInput={register('verificationCode', { setValueAs: blankToUndefined })}
          codeError={errorText(errors.verificationCode?.message)}
        />
      )}
      {raise.isError && !isPayerOnly(raise.error) && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {apiErrorText(raise.error)}
        </p>
      )}
      <BusyButton type="submit" busy={raise.isPending} className={submitButtonClass}>
        {formatMessage({ id: 'complaints.raise.submit' })}
      </BusyButton>
      {raise.data && (
        <ResultPanel
          key={raise.data.complaintId}
          title={formatMessage({ id: 'complaints.raise.registeredTitle' })}
          tone="success"
        >
          <p className="mb-3 text-gray-800">{apiMessageText(raise.data)}</p>
          <ComplaintFacts
            facts={[
              { label: formatMessage({ id: 'complaints.facts.complaintId' }), value: raise.data.complaintId },
              {
                label: formatMessage({ id: 'payments.receipt.status' }),
                value: statusLabel(raise.data.status, formatMessage),
              },
              {
                label: formatMessage({ id: 'complaints.facts.resolutionBy' }),
                value: format.calendarDate(raise.data.expectedResolutionDate),
              },
            ]}
          />
        </ResultPanel>
      )}
    </form>
  );
}
