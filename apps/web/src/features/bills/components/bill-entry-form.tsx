import type { Biller, Plan } from '@erti/contracts';
import {
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { TextField } from '../../../components/form/form-field.tsx';
import { useLoginPrompt } from '../../../components/use-login-prompt.tsx';
import { useFormat } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  AMOUNT_FIELD,
  billFlow,
  evaluateBillForm,
  isMobileNumberParam,
  needsAmountField,
  needsPlan,
  sanitiseParam,
  usesLpgMobileRule,
  visibleParams,
} from '../bill-rules.ts';
import { useBillSubmit } from '../hooks/use-bill-submit.tsx';
import { sanitiseAmount } from '../money.ts';
import type { BillEntryState } from '../navigation.ts';
import { clearPendingBill, pendingBillFor } from '../pending-bill.ts';

interface Entry {
  values: Record<string, string>;
  amount: string;
}

/** What the form starts with: the values kept across a login, else a saved bill's, else nothing. */
function initialEntry(biller: Biller, state: BillEntryState | null): Entry {
  const pending = pendingBillFor(biller.billerCategoryName, biller.billerName);
  if (pending) return { values: pending.values, amount: pending.amount };
  const prefill = state?.prefill ?? [];
  return { values: Object.fromEntries(prefill.map((param) => [param.name, param.value])), amount: '' };
}

interface FieldSpec {
  key: string;
  label: string;
  placeholder: string;
  optional: boolean;
  value: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  onChange: (value: string) => void;
}

export interface BillEntryFormProps {
  biller: Biller;
  /** The plan chosen in the plan picker (billers whose plan requirement is mandatory). */
  plan: Plan | null;
  planPicker?: ReactNode;
}

/**
 * The biller's customer parameters (spec section 2, biller bill-entry page; rules of section 5).
 * Enter moves to the next field and submits on the last one.
 */
export function BillEntryForm({ biller, plan, planPicker }: BillEntryFormProps) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const formId = useId();
  const location = useLocation();
  const [initial] = useState(() => initialEntry(biller, location.state as BillEntryState | null));
  const [values, setValues] = useState(initial.values);
  const [amount, setAmount] = useState(initial.amount);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(Object.keys(initial.values)));
  const [submitTried, setSubmitTried] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const login = useLoginPrompt(formatMessage({ id: 'bills.entry.loginReason' }));
  const { submit, isSubmitting } = useBillSubmit(biller, login.prompt);

  // The values kept across a login are in the form now; forget them so they do not come back later.
  useEffect(() => clearPendingBill(), []);

  const form = evaluateBillForm(biller, { values, amount, planChosen: plan !== null }, format);
  const errorText = (key: string) => {
    const error = form.errors[key];
    return error && formatMessage(error, error.values);
  };
  const lpgRule = usesLpgMobileRule(biller);
  const fields: FieldSpec[] = visibleParams(biller).map((param) => ({
    key: param.paramName,
    label: param.paramName,
    placeholder: formatMessage({ id: 'spec.placeholders.param' }, { paramName: param.paramName }),
    // Under the LPG rule the mobile number is the one thing asked for, so it is not shown as optional.
    optional: param.optional === 'true' && !lpgRule,
    value: values[param.paramName] ?? '',
    inputMode: isMobileNumberParam(param.paramName) || param.dataType === 'NUMERIC' ? 'numeric' : undefined,
    // A mobile number is kept to 10 digits as it is typed (`sanitiseParam`): a browser limit would cut a
    // pasted '+91 98765 43210' before its non-digits were dropped.
    maxLength: isMobileNumberParam(param.paramName) ? undefined : param.maxLength,
    onChange: (raw) => setValues((current) => ({ ...current, [param.paramName]: sanitiseParam(param, raw) })),
  }));
  if (needsAmountField(biller)) {
    fields.push({
      key: AMOUNT_FIELD,
      label: formatMessage({ id: 'payments.progress.amount' }),
      placeholder: formatMessage({ id: 'spec.placeholders.amount' }),
      optional: false,
      value: amount,
      inputMode: 'decimal',
      onChange: (raw) => setAmount(sanitiseAmount(raw)),
    });
  }

  const markTouched = (key: string) => setTouched((current) => new Set(current).add(key));

  function attemptSubmit() {
    setSubmitTried(true);
    if (Object.keys(form.errors).length > 0) {
      toast.warn(formatMessage({ id: 'spec.validation.fixBeforeSubmit' }));
      return;
    }
    if (!form.ready) {
      const firstEmpty = fields.findIndex((field) => field.value === '' && !field.optional);
      if (firstEmpty >= 0) inputs.current[firstEmpty]?.focus();
      else if (needsPlan(biller) && !plan) toast.info(formatMessage({ id: 'bills.entry.choosePlan' }));
      else inputs.current[0]?.focus();
      return;
    }
    void submit({ values, amount, plan });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number, key: string) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    markTouched(key);
    if (index < fields.length - 1) inputs.current[index + 1]?.focus();
    else attemptSubmit();
  }

  return (
    <>
      <form
        id={formId}
        noValidate
        aria-label={formatMessage({ id: 'bills.entry.formLabel' }, { billerName: biller.billerName })}
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          attemptSubmit();
        }}
      >
        {fields.map(({ key, optional, onChange, ...field }, index) => (
          <TextField
            key={key}
            {...field}
            type="text"
            autoComplete="off"
            hint={optional ? formatMessage({ id: 'bills.entry.optional' }) : undefined}
            error={submitTried || touched.has(key) ? errorText(key) : undefined}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            onChange={(event) => onChange(event.target.value)}
            onBlur={() => markTouched(key)}
            onKeyDown={(event) => onKeyDown(event, index, key)}
          />
        ))}
      </form>
      {/* Outside the form: the plan browser's own search box must not submit the bill. */}
      {planPicker && <div className="mt-5">{planPicker}</div>}
      <BusyButton
        type="submit"
        busy={isSubmitting}
        form={formId}
        disabled={!form.ready}
        className="mt-5 flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {formatMessage({ id: billFlow(biller) === 'fetch' ? 'bills.entry.submit' : 'bills.details.proceed' })}
      </BusyButton>
      {login.dialog}
    </>
  );
}
