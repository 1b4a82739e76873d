import type { Biller, Plan } from '@erti/contracts';
import { OPERATOR_DROPDOWN_MAX_HEIGHT_PX } from '@erti/contracts/constants';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { phoneDigits } from '@erti/contracts/text';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { FormField, inputClass, TextField } from '../../../components/form/form-field.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { WithBharatConnectLogo } from '../../../components/network-mark.tsx';
import { useLoginPrompt } from '../../../components/use-login-prompt.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCatalogueLoading } from '../../../lib/catalogue-state.ts';
import { paths } from '../../../lib/paths.ts';
import { getSession, getUserData } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useBiller } from '../api/get-biller.ts';
import { useCircles } from '../api/list-circles.ts';
import { useOperators } from '../api/list-operators.ts';
import { useValidateRecharge } from '../api/validate-recharge.ts';
import { planPaise } from '../rules/plan-rules.ts';
import { forgetRechargeDraft, readRechargeDraft, saveRechargeDraft } from '../rules/recharge-draft.ts';
import {
  buildRechargeValidation,
  firstMissingField,
  isValidMobileNumber,
  paymentSelectionFor,
  type RechargeField,
} from '../rules/recharge-rules.ts';
import { CatalogueLoadingNote } from './catalogue-loading-note.tsx';
import { PlanBrowser } from './plan-browser.tsx';
import { primaryButtonClass } from './primary-button.ts';
import { actionableError, SubmitFailure, validationError } from './recharge-feedback.tsx';
import { RetryNote } from './retry-note.tsx';
import { SearchableSelect } from './searchable-select.tsx';

/** Each field's error, shown in the site's language. */
type FieldErrors = Partial<Record<'mobileNumber' | 'amount', string>>;

const AMOUNT_INVALID = 'recharge.mobile.amountInvalid';
const PLAN_REQUIRED = 'recharge.mobile.planRequired';
const typedPaise = (text: string) => paiseOrUndefined(parseRupees(text, 'typed'));

/**
 * The mobile recharge screen (spec sections 2 and 4): number, operator, circle and amount, the plans
 * panel once a circle is chosen, then validation with the network and the hand-off to payment.
 */
export function MobileRechargeForm() {
  const { formatMessage } = useIntl();
  const navigate = useNavigate();
  const ids = useId();
  const [draft] = useState(readRechargeDraft);
  const [mobileNumber, setMobileNumber] = useState(draft?.mobileNumber ?? '');
  const [operatorId, setOperatorId] = useState(draft?.operatorId ?? '');
  const [circle, setCircle] = useState(draft?.circle ?? '');
  const [amount, setAmount] = useState(draft?.amount ?? '');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fieldRefs = {
    mobileNumber: useRef<HTMLInputElement>(null),
    operator: useRef<HTMLInputElement>(null),
    circle: useRef<HTMLSelectElement>(null),
    amount: useRef<HTMLInputElement>(null),
  } satisfies Record<RechargeField, unknown>;

  const login = useLoginPrompt(formatMessage({ id: 'recharge.mobile.loginReason' }));

  useEffect(() => forgetRechargeDraft(), []);

  const operators = useOperators();
  const catalogue = useCatalogueLoading(operators.data?.length === 0, () => void operators.refetch());
  const operator = operators.data?.find((candidate) => candidate.billerId === operatorId) ?? null;
  const circles = useCircles(operator?.billerId);
  const billerDetails = useBiller(operator?.billerId);
  const validation = useValidateRecharge();
  const values = { mobileNumber, operator, circle, amount };
  const mobileNumberLabel = formatMessage({ id: 'recharge.mobile.mobileNumber' });
  const missing = firstMissingField(values);

  const chooseOperator = (next: Biller) => {
    if (next.billerId === operatorId) return;
    setOperatorId(next.billerId);
    setCircle('');
    setPlan(null);
  };

  const selectPlan = (next: Plan) => {
    setPlan(next);
    if (typedPaise(amount) !== planPaise(next)) setAmount(String(next.amountInRupees));
    setErrors((current) => ({ ...current, amount: undefined }));
  };

  const askToLogin = () => {
    saveRechargeDraft({ mobileNumber, operatorId, circle, amount });
    login.prompt();
  };

  /** The checks a person can fix on this screen, with the field to put them back to; null when fine. */
  const fieldProblem = (biller: Biller): [keyof FieldErrors, string] | null => {
    if (!isValidMobileNumber(mobileNumber, biller)) {
      return [
        'mobileNumber',
        formatMessage({ id: 'spec.validation.invalidParam' }, { paramName: mobileNumberLabel }),
      ];
    }
    const amountPaise = typedPaise(amount);
    if (amountPaise === undefined || amountPaise <= 0)
      return ['amount', formatMessage({ id: AMOUNT_INVALID })];
    if (!plan && biller.planMdmRequirement === 'MANDATORY')
      return ['amount', formatMessage({ id: PLAN_REQUIRED })];
    return null;
  };

  const validateAndPay = async (biller: Biller) => {
    const user = getUserData();
    const amountPaise = plan ? planPaise(plan) : typedPaise(amount);
    if (amountPaise === undefined) return setErrors({ amount: formatMessage({ id: AMOUNT_INVALID }) });
    const request = buildRechargeValidation({
      operator: biller,
      mobileNumber,
      circle,
      plan,
      amountPaise,
      email: user?.email,
    });
    try {
      const result = await validation.mutateAsync(request);
      if (result.respCode !== 1) {
        toast.warn(validationError(result.response, formatMessage({ id: 'recharge.mobile.notConfirmed' })));
        return;
      }
      const state = paymentSelectionFor({ biller, plan, amountPaise, user, request, result });
      navigate(paths.paymentSelection, { state });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return askToLogin();
      toast.error(<SubmitFailure error={actionableError(error)} />);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (validation.isPending) return;
    if (missing || !operator) {
      toast.warn(formatMessage({ id: 'spec.validation.fillAllRechargeFields' }));
      fieldRefs[missing ?? 'operator'].current?.focus();
      return;
    }
    // The spec's order: a visitor is asked to log in first; what they typed is checked on their return.
    if (!getSession()) return askToLogin();
    const biller = billerDetails.data ?? operator;
    const problem = fieldProblem(biller);
    setErrors(problem ? { [problem[0]]: problem[1] } : {});
    if (problem) {
      fieldRefs[problem[0]].current?.focus();
      return;
    }
    await validateAndPay(biller);
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="mx-auto max-w-6xl px-4 py-8">
      <WithBharatConnectLogo>
        <h1 id={`${ids}-title`} className="text-2xl font-bold text-brand-900">
          {formatMessage({ id: 'recharge.mobile.title' })}
        </h1>
        <p className="mt-1 text-gray-600">{formatMessage({ id: 'recharge.mobile.intro' })}</p>
      </WithBharatConnectLogo>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <form
          noValidate
          onSubmit={onSubmit}
          aria-labelledby={`${ids}-title`}
          className="flex flex-col gap-4 self-start rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
        >
          <TextField
            label={mobileNumberLabel}
            ref={fieldRefs.mobileNumber}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            // Kept to 10 digits as it changes (`phoneDigits`), without a browser limit: one would cut
            // an autofilled or pasted '98765 43210' before its space was dropped.
            placeholder={formatMessage({ id: 'spec.placeholders.param' }, { paramName: mobileNumberLabel })}
            value={mobileNumber}
            onChange={(event) => setMobileNumber(phoneDigits(event.target.value))}
            error={errors.mobileNumber}
          />
          <SearchableSelect
            label={formatMessage({ id: 'recharge.mobile.operator' })}
            inputRef={fieldRefs.operator}
            options={operators.data ?? []}
            value={operator}
            optionKey={(option) => option.billerId}
            optionLabel={(option) => option.billerName}
            onChange={chooseOperator}
            placeholder={formatMessage({ id: 'recharge.mobile.chooseOperator' })}
            maxHeight={OPERATOR_DROPDOWN_MAX_HEIGHT_PX}
            emptyText={formatMessage({
              id: operators.isError ? 'recharge.mobile.operatorsFailed' : 'spec.empty.results',
            })}
            disabled={catalogue.stillLoading}
            loading={operators.isPending || catalogue.checking || catalogue.stillLoading}
          />
          {operators.isError && <RetryNote what="operators" onRetry={() => operators.refetch()} />}
          {catalogue.stillLoading && <CatalogueLoadingNote list="operators" />}
          <FormField label={formatMessage({ id: 'recharge.plans.circle' })}>
            {(control) => (
              <>
                <div className="flex items-center gap-2">
                  <select
                    {...control}
                    ref={fieldRefs.circle}
                    value={circle}
                    disabled={!circles.data}
                    onChange={(event) => {
                      setCircle(event.target.value);
                      setPlan(null);
                    }}
                    className={inputClass}
                  >
                    <option value="">{formatMessage({ id: 'recharge.mobile.chooseCircle' })}</option>
                    {circles.data?.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                  {circles.isFetching && (
                    <Spinner label={formatMessage({ id: 'recharge.mobile.loadingCircles' })} />
                  )}
                </div>
                {circles.isError && <RetryNote what="circles" onRetry={() => circles.refetch()} />}
              </>
            )}
          </FormField>
          <TextField
            label={formatMessage({ id: 'payments.progress.amount' })}
            ref={fieldRefs.amount}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatMessage({ id: 'spec.placeholders.amount' })}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
          />
          <button
            type="submit"
            aria-busy={validation.isPending}
            aria-disabled={missing !== null || validation.isPending}
            className={primaryButtonClass}
          >
            {validation.isPending && <Spinner decorative />}
            {formatMessage({ id: 'recharge.proceed' })}
          </button>
        </form>
        {operator && circle && (
          <div className="min-w-0 lg:col-span-2">
            <PlanBrowser
              billerId={operator.billerId}
              circle={circle}
              variant="home"
              searchAmount={amount}
              onSelect={selectPlan}
              onClear={() => setPlan(null)}
            />
          </div>
        )}
      </div>
      {login.dialog}
    </section>
  );
}
