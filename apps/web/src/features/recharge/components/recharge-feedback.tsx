import type { BillResponse } from '@erti/contracts';
import { messages } from '@erti/contracts/messages';
import { ApiError } from '../../../lib/api-client.ts';

/** A reason the person can act on: the api's message for a refused request or an unavailable network. */
export function actionableReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const actionable =
    (error.status >= 400 && error.status < 500) || error.status === 503 || error.status === 504;
  return actionable ? error.message : undefined;
}

/** 'Error submitting data' (spec section 8), with the reason on a second line when there is one. */
export function SubmitFailure({ reason }: { reason?: string }) {
  return (
    <>
      <p>{messages.errors.submitFailed}</p>
      {reason && <p className="text-sm">{reason}</p>}
    </>
  );
}

/** The first error of a validation answer (spec section 8): the first errorList detail, else complianceReason. */
export function validationError(response: BillResponse['response']): string {
  return (
    response.errorList?.[0]?.errorDtl ||
    response.complianceReason ||
    'This recharge could not be confirmed. Please check the details.'
  );
}
