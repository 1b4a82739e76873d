import type { BillResponse } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api-client.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';

/** An api error the person can act on: a refused request or an unavailable network. */
export function actionableError(error: unknown): ApiError | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const actionable =
    (error.status >= 400 && error.status < 500) || error.status === 503 || error.status === 504;
  return actionable ? error : undefined;
}

/**
 * 'Error submitting data' (spec section 8), with the reason on a second line when there is one. Rendered
 * inside the toast, so it reads the site's language itself.
 */
export function SubmitFailure({ error }: { error?: ApiError }) {
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();
  return (
    <>
      <p>{formatMessage({ id: 'spec.errors.submitFailed' })}</p>
      {error && <p className="text-sm">{apiErrorText(error)}</p>}
    </>
  );
}

/**
 * The first error of a validation answer (spec section 8): the first errorList detail, else
 * complianceReason (the network's words, as sent), else `fallback`.
 */
export function validationError(response: BillResponse['response'], fallback: string): string {
  return response.errorList?.[0]?.errorDtl || response.complianceReason || fallback;
}
