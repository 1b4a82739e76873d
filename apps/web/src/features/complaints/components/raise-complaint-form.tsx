import {
  indianDate,
  isTransactionQuery,
  phoneDigits,
  queryTypes,
  type RaiseComplaint,
  raiseComplaintRequestSchema,
} from '@erti/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass, phoneInputProps } from '../../../components/form/form-field.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import type { ComplaintNavigationState } from '../../../lib/payment-state.ts';
import { getUserData } from '../../../lib/session.ts';
import { useRaiseComplaint } from '../api/raise-complaint.ts';
import { statusLabel } from '../status-label.ts';
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

/**
 * Raise Complaint (spec section 2). For a transaction query the channel, date and amount are asked
 * for; the Txn ID may be left empty when the customer never got one. 'Others' asks for a description.
 * A receipt's "Raise complaint" link pre-fills the transaction; a signed-in user's details are filled in.
 */
export function RaiseComplaintForm({ prefill }: { prefill?: ComplaintNavigationState['prefill'] }) {
  const raise = useRaiseComplaint();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, RaiseComplaint>({
    resolver: zodResolver(raiseComplaintRequestSchema),
    defaultValues: startingValues(prefill),
  });
  const queryType = watch('queryType');
  const aboutTransaction = queryType === undefined || isTransactionQuery(queryType);
  const today = indianDate();

  const onSubmit = handleSubmit((complaint) => raise.mutate(complaint));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Raise Complaint" className="flex flex-col gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        <FormField label="Your Name" error={errors.name?.message}>
          {(control) => (
            <input {...control} {...register('name')} autoComplete="name" className={inputClass} />
          )}
        </FormField>
        <FormField label="Type of Query" error={errors.queryType?.message}>
          {(control) => (
            <select
              {...control}
              {...register('queryType', { setValueAs: blankToUndefined })}
              defaultValue=""
              className={inputClass}
            >
              <option value="" disabled>
                Select the type of query
              </option>
              {queryTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Contact Number" error={errors.contactNumber?.message}>
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
        <FormField label="Email ID" error={errors.email?.message}>
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
          label="Transaction Initiated Via"
          hint="Bank, payments app or outlet name"
          optional={!aboutTransaction}
          error={errors.initiatedVia?.message}
        >
          {(control) => <input {...control} {...register('initiatedVia')} className={inputClass} />}
        </FormField>
        <FormField
          label="Transaction Date"
          optional={!aboutTransaction}
          error={errors.transactionDate?.message}
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
          label="Transaction Amount"
          optional={!aboutTransaction}
          error={errors.transactionAmount?.message}
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
          label="Bharat Connect Transaction Reference ID"
          optional
          hint="The B-Connect Txn ID on your receipt. No ID? Leave it empty: we find the payment from your contact number, date and amount."
          error={errors.txnReferenceId?.message}
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
        error={errors.screenshot?.message}
        onChange={(dataUrl) => setValue('screenshot', dataUrl, { shouldValidate: dataUrl !== undefined })}
      />
      <FormField label="Description" optional={aboutTransaction} error={errors.description?.message}>
        {(control) => <textarea {...control} {...register('description')} rows={4} className={inputClass} />}
      </FormField>
      {raise.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {raise.error.message}
        </p>
      )}
      <BusyButton type="submit" busy={raise.isPending} className={submitButtonClass}>
        Submit Complaint
      </BusyButton>
      {raise.data && (
        <ResultPanel key={raise.data.complaintId} title="Complaint registered" tone="success">
          <p className="mb-3 text-gray-800">{raise.data.message}</p>
          <ComplaintFacts
            facts={[
              { label: 'Complaint ID', value: raise.data.complaintId },
              { label: 'Status', value: statusLabel(raise.data.status) },
              {
                label: 'Expected resolution by',
                value: formatCalendarDate(raise.data.expectedResolutionDate),
              },
            ]}
          />
        </ResultPanel>
      )}
    </form>
  );
}
