/**
 * The customer parameters the site itself names, by name in lower case: a recharge sends the
 * operator's 'Mobile Number' (the default when its master data declares none) and adds 'Circle' and
 * 'Id' (the plan) for plan operators. The web site and the api's receipts say these names in the
 * customer's language, each from its own catalogue; any other name is the biller's, shown as sent.
 */
const ownParamNames = {
  'mobile number': 'mobileNumber',
  circle: 'circle',
  id: 'planId',
} as const;

export type OwnParamName = (typeof ownParamNames)[keyof typeof ownParamNames];

/** Which of the site's own parameter names `name` is, or undefined for a biller's own. */
export function ownParamName(name: string): OwnParamName | undefined {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(ownParamNames, key) ? ownParamNames[key as keyof typeof ownParamNames] : undefined;
}
