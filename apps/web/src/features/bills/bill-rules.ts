import type { Biller, CustomerParam } from '@erti/contracts';
import { customerParamProblems, isOptionalParam } from '@erti/contracts/customer-params';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { matchesBillerRegex, phoneDigits } from '@erti/contracts/text';
import type { Formats } from '../../lib/format.ts';
import type { Text } from '../../lib/i18n/text.ts';

export const LPG_GAS = 'LPG Gas';

/** What Submit does for a biller (spec section 4, bill flow). */
export type BillFlow = 'fetch' | 'validate' | 'none';

const supported = (requirement: string) => requirement === 'MANDATORY' || requirement === 'OPTIONAL';

export function billFlow(biller: Biller): BillFlow {
  if (supported(biller.fetchRequirement)) return 'fetch';
  if (supported(biller.supportBillValidation)) return 'validate';
  return 'none';
}

export const needsPlan = (biller: Biller) => biller.planMdmRequirement === 'MANDATORY';

/** 'Mobile Number' and its usual variants ('Registered Mobile No', 'Registered Contact Number'): digits only. */
export const isMobileNumberParam = (paramName: string) =>
  /\bmobile\s*(number|no)\b|\bcontact\s*number\b/i.test(paramName);

/** LPG billers whose parameters are all optional are asked for the mobile number only. */
export function usesLpgMobileRule(biller: Biller): boolean {
  const params = biller.customerParams;
  return (
    biller.billerCategoryName === LPG_GAS &&
    params.length > 0 &&
    params.every(isOptionalParam) &&
    params.some((param) => isMobileNumberParam(param.paramName))
  );
}

/** The parameters the form shows: all of them, or the mobile number alone under the LPG rule. */
export function visibleParams(biller: Biller): CustomerParam[] {
  if (!usesLpgMobileRule(biller)) return biller.customerParams;
  return biller.customerParams.filter((param) => isMobileNumberParam(param.paramName));
}

const amountParamOf = (biller: Biller) =>
  biller.customerParams.find((param) => param.paramName.trim().toLowerCase() === 'amount');

/**
 * The separate Amount box: shown when no parameter is named amount and the amount is the user's to
 * choose. A fetched bill or a chosen plan sets the amount, so those flows do not ask for one.
 */
export function needsAmountField(biller: Biller): boolean {
  return !amountParamOf(biller) && billFlow(biller) !== 'fetch' && !needsPlan(biller);
}

/** The rupees the user typed: in the parameter named amount when the biller has one, else in the Amount box. */
export function enteredAmount(biller: Biller, values: Record<string, string>, amount: string): string {
  const amountParam = amountParamOf(biller);
  return amountParam ? (values[amountParam.paramName] ?? '').trim() : amount;
}

/**
 * What the user may type: a mobile number keeps its 10 digits only (`phoneDigits`: less a +91 or 0);
 * a value the biller's regex refuses as typed but takes in capitals (a vehicle number typed
 * 'mh12ab1234') is upper-cased.
 */
export function sanitiseParam(param: CustomerParam, raw: string): string {
  if (isMobileNumberParam(param.paramName)) return phoneDigits(raw);
  const capitals = raw.toUpperCase();
  return !matchesBillerRegex(param.regex, raw) && matchesBillerRegex(param.regex, capitals) ? capitals : raw;
}

/** An amount above zero and, when the biller says so, within its limits (paise). */
export function amountError(biller: Biller, text: string, format: Formats): Text | undefined {
  if (!text) return undefined;
  const paise = paiseOrUndefined(parseRupees(text, 'typed'));
  if (paise === undefined || paise <= 0) return { id: 'bills.entry.amountAboveZero' };
  const { minAmount, maxAmount } = biller;
  if ((minAmount !== undefined && paise < minAmount) || (maxAmount !== undefined && paise > maxAmount)) {
    const values = { min: format.paise(minAmount ?? 1), max: format.paise(maxAmount ?? paise) };
    return { id: 'bills.entry.amountBetween', values };
  }
  return undefined;
}

export interface BillFormInput {
  values: Record<string, string>;
  amount: string;
  planChosen: boolean;
}

export interface BillFormState {
  /** Field errors by parameter name; the amount box under 'amount'. */
  errors: Record<string, Text>;
  /** Whether Submit / Proceed to Pay is enabled. */
  ready: boolean;
}

export const AMOUNT_FIELD = 'amount';

/**
 * The bill form's errors and whether it may be submitted, by the rule the api checks too (contracts'
 * `customer-params.ts`): every required parameter but one named id filled (LPG: the mobile number, the
 * one parameter shown), no value its regex or lengths refuse ('Invalid {paramName}', shown as typed),
 * an amount when asked, a plan when needed.
 */
export function evaluateBillForm(biller: Biller, input: BillFormInput, format: Formats): BillFormState {
  const problems = customerParamProblems(visibleParams(biller), input.values);
  const errors: Record<string, Text> = {};
  for (const [paramName, problem] of Object.entries(problems)) {
    if (problem === 'invalid')
      errors[paramName] = { id: 'spec.validation.invalidParam', values: { paramName } };
  }
  const amountRequired = needsAmountField(biller);
  const amountProblem = amountRequired ? amountError(biller, input.amount, format) : undefined;
  if (amountProblem) errors[AMOUNT_FIELD] = amountProblem;
  const ready =
    Object.keys(problems).length === 0 &&
    !amountProblem &&
    (!amountRequired || input.amount !== '') &&
    (!needsPlan(biller) || input.planChosen);
  return { errors, ready };
}
