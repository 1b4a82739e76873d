import type { CustomerParam } from '@erti/contracts';
import { customerParamProblems, paramProblemMessage } from '@erti/contracts/customer-params';
import { badRequest } from '../../errors.ts';

export interface NameValue {
  name: string;
  value: string;
}

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Names a recharge request carries beside the biller's own parameters (spec: "Known customer
 * parameter names: Mobile Number, Circle, Id"): the telecom circle and the plan id.
 */
export const PLAN_CONTEXT_PARAMS = ['Circle', 'Id'];

/**
 * Checks the customer parameters a user entered against the biller's master data before anything
 * reaches the network, by the bill form's rule the site shares (contracts' `customer-params.ts`:
 * every required one present, each value matching its regex and lengths, 'Invalid {paramName}'),
 * and no unknown or repeated names. Names are matched ignoring case and spacing;
 * an unknown name with an empty value is dropped (screens send every name they know, empty when
 * unused), and `contextNames` are accepted undeclared. Answers the filled parameters with the
 * biller's own names, in the biller's order, then the context ones.
 */
export function checkCustomerParams(
  params: CustomerParam[],
  provided: NameValue[],
  contextNames: string[] = [],
): NameValue[] {
  const fields: Record<string, string> = {};
  const values = new Map<string, string>();
  const context = new Map<string, string>();
  for (const { name, value } of provided) {
    const param = params.find((candidate) => nameKey(candidate.paramName) === nameKey(name));
    const contextName = contextNames.find((candidate) => nameKey(candidate) === nameKey(name));
    const trimmed = value.trim();
    if (!param && contextName) {
      if (trimmed) context.set(contextName, trimmed);
    } else if (!param) {
      if (trimmed) fields[name] = `${name} is not a parameter of this biller`;
    } else if (values.has(param.paramName)) {
      fields[param.paramName] = `${param.paramName} is given more than once`;
    } else {
      values.set(param.paramName, trimmed);
    }
  }
  const problems = customerParamProblems(params, Object.fromEntries(values));
  for (const param of params) {
    const problem = problems[param.paramName];
    if (problem && !fields[param.paramName])
      fields[param.paramName] = paramProblemMessage(problem, param, params);
  }
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, { fields });
  const declared = params
    .filter((param) => values.get(param.paramName))
    .map((param) => ({ name: param.paramName, value: values.get(param.paramName) ?? '' }));
  return [...declared, ...[...context].map(([name, value]) => ({ name, value }))];
}

/** One key per customer account of a biller: its parameters in the biller's order. */
export const accountKeyOf = (params: NameValue[]): string =>
  params.map((param) => `${nameKey(param.name)}=${param.value}`).join('\n');
