import { type ComplaintStatusRequest, complaintStatusRequestSchema, complaintTypes } from '@erti/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useCheckComplaintStatus } from '../api/check-complaint-status.ts';
import { statusLabel } from '../status-label.ts';
import { ComplaintFacts, ResultPanel } from './result-panel.tsx';
import { submitButtonClass } from './styles.ts';

/** Check Complaint Status (spec section 2): Complaint ID and Type of Complaint. */
export function ComplaintStatusForm() {
  const check = useCheckComplaintStatus();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ComplaintStatusRequest>({ resolver: zodResolver(complaintStatusRequestSchema) });

  const onSubmit = handleSubmit((request) => check.mutate(request));
  const result = check.data;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Check Complaint Status"
      className="flex max-w-xl flex-col gap-5"
    >
      <FormField label="Complaint ID" error={errors.complaintId?.message}>
        {(control) => (
          <input
            {...control}
            {...register('complaintId')}
            spellCheck={false}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </FormField>
      <fieldset aria-describedby="complaint-type-hint complaint-type-error" className="flex flex-col gap-2">
        <legend className="font-medium text-gray-800">Type of Complaint</legend>
        <div className="flex flex-wrap gap-6">
          {complaintTypes.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                type="radio"
                value={type}
                {...register('complaintType')}
                className="h-4 w-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
              />
              {type}
            </label>
          ))}
        </div>
        <p id="complaint-type-hint" className="text-sm text-gray-500">
          Technical: about a transaction. Service: about our service or a biller.
        </p>
        <p id="complaint-type-error" className="text-sm text-red-700">
          {errors.complaintType?.message}
        </p>
      </fieldset>
      {check.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {check.error.message}
        </p>
      )}
      <BusyButton type="submit" busy={check.isPending} className={submitButtonClass}>
        Check Status
      </BusyButton>
      {result && (
        <ResultPanel key={`${result.complaintId}-${result.status}`} title={`Complaint ${result.complaintId}`}>
          <ComplaintFacts
            facts={[
              { label: 'Status', value: statusLabel(result.status) },
              { label: 'Remarks', value: result.remarks || '—' },
              ...(result.expectedResolutionDate
                ? [
                    {
                      label: 'Expected resolution by',
                      value: formatCalendarDate(result.expectedResolutionDate),
                    },
                  ]
                : []),
            ]}
          />
        </ResultPanel>
      )}
    </form>
  );
}
