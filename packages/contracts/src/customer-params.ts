/**
 * The bill form's rule for a biller's customer parameters (spec section 5), one rule for the site's
 * form and the api's check (decision 128): which must be filled, which values are refused, and the
 * English the api answers. The site shows the same problems in the customer's language.
 */
import { messages } from './messages.ts';
import type { CustomerParam } from './schemas/bills.ts';
import { matchesBillerRegex } from './text.ts';

type Param = Pick<CustomerParam, 'paramName' | 'optional' | 'regex' | 'minLength' | 'maxLength'>;

export const isOptionalParam = (param: Pick<CustomerParam, 'optional'>) => param.optional === 'true';

/** Spec: the form needs "all parameters other than one named id". */
const isNamedId = (param: Pick<CustomerParam, 'paramName'>) => param.paramName.trim().toLowerCase() === 'id';

/** A filled value the biller's master data refuses: shorter or longer than it allows, or off its regex. */
export function isRefusedValue(param: Param, value: string): boolean {
  if (param.minLength !== undefined && value.length < param.minLength) return true;
  if (param.maxLength !== undefined && param.maxLength > 0 && value.length > param.maxLength) return true;
  return !matchesBillerRegex(param.regex, value);
}

/**
 * What is wrong with one parameter: `invalid`, a value it refuses; `missing`, a required one empty;
 * `one-of`, every parameter optional and none filled (LPG), one of them must still say who the customer is.
 */
export type ParamProblem = 'invalid' | 'missing' | 'one-of';

/**
 * The problems of a form's values (trimmed, by parameter name), by parameter name in the biller's
 * order; none when the form may be sent. A `one-of` problem is under the first parameter.
 */
export function customerParamProblems(
  params: readonly Param[],
  values: Record<string, string | undefined>,
): Record<string, ParamProblem> {
  const problems: Record<string, ParamProblem> = {};
  const filledValue = (param: Param) => (values[param.paramName] ?? '').trim();
  for (const param of params) {
    const value = filledValue(param);
    if (value && isRefusedValue(param, value)) problems[param.paramName] = 'invalid';
    else if (!value && !isOptionalParam(param) && !isNamedId(param)) problems[param.paramName] = 'missing';
  }
  const [first] = params;
  if (first && params.every(isOptionalParam) && !params.some(filledValue))
    problems[first.paramName] = 'one-of';
  return problems;
}

/** The api's English for a problem: the spec's 'Invalid {paramName}', or what to enter. */
export function paramProblemMessage(problem: ParamProblem, param: Param, params: readonly Param[]): string {
  if (problem === 'invalid') return messages.validation.invalidParam(param.paramName);
  if (problem === 'missing') return `Please enter ${param.paramName}`;
  return `Please enter ${params.map((each) => each.paramName).join(' or ')}`;
}
