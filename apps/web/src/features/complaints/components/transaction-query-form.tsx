import { indiaDate, type TransactionQuery, transactionQueryRequestSchema } from '@erti/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass, phoneInputProps } from '../../../components/form/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { useQueryTransactions } from '../api/query-transactions.ts';
import { useValidationText } from '../validation-text.ts';
import { ResultPanel } from './result-panel.tsx';
import { submitButtonClass } from './styles.ts';
import { TransactionsTable } from './transactions-table.tsx';

interface FormValues {
  searchBy: 'mobile' | 'reference';
  mobileNumber: string;
  fromDate: string;
  toDate: string;
  txnReferenceId: string;
}

const blank = (value: string) => (value.trim() === '' ? undefined : value);
const schemaResolver = zodResolver(transactionQueryRequestSchema);

/** Validates only the fields of the chosen way to search (the other way's inputs are ignored). */
const resolver: Resolver<FormValues, unknown, TransactionQuery> = (values, context, options) => {
  const query =
    values.searchBy === 'reference'
      ? { txnReferenceId: blank(values.txnReferenceId) ?? '' }
      : {
          mobileNumber: blank(values.mobileNumber),
          fromDate: blank(values.fromDate),
          toDate: blank(values.toDate),
        };
  return schemaResolver(query, context, options as never) as ReturnType<typeof resolver>;
};

/**
 * Transaction Queries (spec section 2): a mobile number with From and To dates (both at most today,
 * To not before From; a new From clears a To that would fall before it), or a Transaction Reference ID.
 */
export function TransactionQueryForm() {
  const { formatMessage } = useIntl();
  const errorText = useValidationText();
  const apiErrorText = useApiErrorText();
  const search = useQueryTransactions();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<FormValues, unknown, TransactionQuery>({
    resolver,
    defaultValues: { searchBy: 'mobile', mobileNumber: '', fromDate: '', toDate: '', txnReferenceId: '' },
  });
  const searchBy = watch('searchBy');
  const today = indiaDate();
  const fromDate = watch('fromDate');
  const fromField = register('fromDate');

  const onSubmit = handleSubmit((query) => search.mutate(query));
  const needsLogin = search.error instanceof ApiError && search.error.status === 401;

  const searchByField = register('searchBy', {
    onChange: () => search.reset(),
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={formatMessage({ id: 'complaints.tabs.transaction' })}
      className="flex flex-col gap-5"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-gray-800">
          {formatMessage({ id: 'complaints.query.searchBy' })}
        </legend>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2">
            <input type="radio" value="mobile" {...searchByField} className="h-4 w-4 accent-brand-700" />
            {formatMessage({ id: 'complaints.query.byMobile' })}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="reference" {...searchByField} className="h-4 w-4 accent-brand-700" />
            {formatMessage({ id: 'complaints.query.byReference' })}
          </label>
        </div>
      </fieldset>
      {searchBy === 'mobile' ? (
        <div className="grid gap-5 md:grid-cols-3">
          <FormField
            label={formatMessage({ id: 'complaints.query.mobileNumber' })}
            error={errorText(errors.mobileNumber?.message)}
          >
            {(control) => (
              <input
                {...control}
                {...register('mobileNumber')}
                {...phoneInputProps}
                autoComplete="tel-national"
                className={inputClass}
              />
            )}
          </FormField>
          <FormField
            label={formatMessage({ id: 'complaints.query.fromDate' })}
            error={errorText(errors.fromDate?.message)}
          >
            {(control) => (
              <input
                {...control}
                {...fromField}
                onChange={(event) => {
                  const toDate = getValues('toDate');
                  if (toDate && toDate < event.currentTarget.value) setValue('toDate', '');
                  return fromField.onChange(event);
                }}
                type="date"
                max={today}
                className={inputClass}
              />
            )}
          </FormField>
          <FormField
            label={formatMessage({ id: 'complaints.query.toDate' })}
            error={errorText(errors.toDate?.message)}
          >
            {(control) => (
              <input
                {...control}
                {...register('toDate')}
                type="date"
                min={fromDate || undefined}
                max={today}
                className={inputClass}
              />
            )}
          </FormField>
        </div>
      ) : (
        <FormField
          label={formatMessage({ id: 'complaints.query.byReference' })}
          hint={formatMessage({ id: 'complaints.query.referenceHint' })}
          error={errorText(errors.txnReferenceId?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('txnReferenceId')}
              spellCheck={false}
              autoCapitalize="characters"
              className={`${inputClass} max-w-md uppercase`}
            />
          )}
        </FormField>
      )}
      {search.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {apiErrorText(search.error)}
          {needsLogin && (
            <>
              {' '}
              <Link to={paths.loginFrom(location.pathname)} className="font-semibold underline">
                {formatMessage({ id: 'payments.login' })}
              </Link>
            </>
          )}
        </p>
      )}
      <BusyButton type="submit" busy={search.isPending} className={submitButtonClass}>
        {formatMessage({ id: 'complaints.query.submit' })}
      </BusyButton>
      {search.data && (
        <ResultPanel key={search.submittedAt} title={formatMessage({ id: 'payments.transactions.title' })}>
          {search.data.transactions.length === 0 ? (
            <p>{formatMessage({ id: 'spec.empty.transactions' })}</p>
          ) : (
            <TransactionsTable transactions={search.data.transactions} />
          )}
        </ResultPanel>
      )}
    </form>
  );
}
