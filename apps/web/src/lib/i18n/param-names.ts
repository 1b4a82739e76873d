import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * The customer parameters the site itself names, by name in lower case: a recharge sends the
 * operator's 'Mobile Number' (the default when its master data declares none) and adds 'Circle' and
 * 'Id' (the plan) for plan operators (features/recharge/rules/recharge-rules.ts).
 */
const ownNames: Record<string, string> = {
  'mobile number': 'bills.param.mobileNumber',
  circle: 'bills.param.circle',
  id: 'bills.param.planId',
};

/**
 * A customer parameter's name as the customer reads it: the site's own names in the site's language,
 * any other name as the biller sent it (a biller's field names are its own, never translated).
 */
export function useParamName(): (name: string) => string {
  const intl = useIntl();
  return useCallback(
    (name: string) => {
      const id = ownNames[name.trim().toLowerCase()];
      return id ? intl.formatMessage({ id }) : name;
    },
    [intl],
  );
}
