import { type OwnParamName, ownParamName } from '@erti/contracts/param-names';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** The site's own parameter names (a recharge's, contracts `param-names.ts`) in the catalogue. */
const ownNameIds: Record<OwnParamName, string> = {
  mobileNumber: 'bills.param.mobileNumber',
  circle: 'bills.param.circle',
  planId: 'bills.param.planId',
};

/**
 * A customer parameter's name as the customer reads it: the site's own names in the site's language,
 * any other name as the biller sent it (a biller's field names are its own, never translated).
 */
export function useParamName(): (name: string) => string {
  const intl = useIntl();
  return useCallback(
    (name: string) => {
      const own = ownParamName(name);
      return own ? intl.formatMessage({ id: ownNameIds[own] }) : name;
    },
    [intl],
  );
}
