import { type ComplaintStatusRequest, complaintStatusRequestSchema, complaintTypes } from '@erti/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useCheckComplaintStatus } from '../api/check-complaint-status.ts';
import { statusLabel, statusMeaning } from '../status-label.ts';
import { useValidationText } from '../validation-text.ts';
import { ComplaintFacts, ResultPanel } from './result-panel.tsx';
import { submitButtonClass } from './styles.ts';

const complaintTypeIds = {
  Service: 'complaints.status.typeService',
  Technical: 'complaints.status.typeTechnical',
} as const;

/** Check Complaint Status (spec section 2): Complaint ID and Type of Complaint. */
export function ComplaintStatusForm() {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const errorText = useValidationText();
  const apiErrorText = useApiErrorText();
  const check = useCheckComplaintStatus();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ComplaintStatusRequest>({ resolver: zodResolver(complaintStatusRequestSchema) });

  const onSubmit = handleSubmit((request) => check.mutate(request));
  const result = check.data;
  const meaning = result && statusMeaning(result.status, formatMessage);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={formatMessage({ id: 'complaints.tabs.status' })}
      className="flex max-w-xl flex-col gap-5"
    >
      <FormField
        label={formatMessage({ id: 'complaints.facts.complaintId' })}
        error={errorText(errors.complaintId?.message)}
      >
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
        <legend className="font-medium text-gray-800">
          {formatMessage({ id: 'complaints.status.type' })}
        </legend>
        <div className="flex flex-wrap gap-6">
          {complaintTypes.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input
                type="radio"
                value={type}
                {...register('complaintType')}
                className="h-4 w-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
              />
              {formatMessage({ id: complaintTypeIds[type] })}
            </label>
          ))}
        </div>
        <p id="complaint-type-hint" className="text-sm text-gray-500">
          {formatMessage({ id: 'complaints.status.typeHint' })}
        </p>
        <p id="complaint-type-error" className="text-sm text-red-700">
          {errorText(errors.complaintType?.message)}
        </p>
      </fieldset>
      {check.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {apiErrorText(check.error)}
        </p>
      )}
      <BusyButton type="submit" busy={check.isPending} className={submitButtonClass}>
        {formatMessage({ id: 'complaints.status.submit' })}
      </BusyButton>
      {result && (
        <ResultPanel
          key={`${result.complaintId}-${result.status}`}
          title={formatMessage({ id: 'complaints.status.resultTitle' }, { complaintId: result.complaintId })}
        >
          {meaning && <p className="mb-3 text-gray-800">{meaning}</p>}
          <ComplaintFacts
            facts={[
              {
                label: formatMessage({ id: 'payments.receipt.status' }),
                value: statusLabel(result.status, formatMessage),
              },
              { label: formatMessage({ id: 'complaints.facts.remarks' }), value: result.remarks || '—' },
              ...(result.expectedResolutionDate
                ? [
                    {
                      label: formatMessage({ id: 'complaints.facts.resolutionBy' }),
                      value: format.calendarDate(result.expectedResolutionDate),
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
