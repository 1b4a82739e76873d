import type { Biller, BillResponse, Plan } from '@erti/contracts';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { type IntlShape, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { doubtBillNetwork } from '../../../lib/bill-network-status.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { type PaymentSelectionState, paymentPlan } from '../../../lib/navigation-state.ts';
import { paths } from '../../../lib/paths.ts';
import { getSession, getUserData } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useFetchBill } from '../api/fetch-bill.ts';
import { useValidateBill } from '../api/validate-bill.ts';
import { buildBillRequest } from '../bill-request.ts';
import { billFlow, enteredAmount } from '../bill-rules.ts';
import type { BillDetailsState } from '../navigation.ts';
import { savePendingBill } from '../pending-bill.ts';

export interface BillSubmission {
  values: Record<string, string>;
  amount: string;
  plan: Plan | null;
}

/**
 * A respCode 0 answer, as spec section 8 shows it: the first error detail, else the compliance
 * reason. Nothing due is good news, not a failure: the same words, as information.
 */
function showRefusal(answer: BillResponse, intl: IntlShape): void {
  const { response } = answer;
  // The biller's own words, as sent.
  const reason =
    response.errorList?.[0]?.errorDtl ??
    response.complianceReason ??
    intl.formatMessage({ id: 'spec.errors.submitFailed' });
  if (response.noBillDue) toast.info(reason);
  else toast.warn(reason);
}

/** 'Error submitting data', with the server's reason beneath when it gave one the user can act on. */
function showFailure(error: unknown, intl: IntlShape, apiErrorText: (error: unknown) => string): void {
  console.error('Bill submission failed', error);
  const failed = intl.formatMessage({ id: 'spec.errors.submitFailed' });
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status !== 500 ? apiErrorText(error) : '';
  toast.error(
    reason ? (
      <div>
        <p>{failed}</p>
        <p className="text-sm">{reason}</p>
      </div>
    ) : (
      failed
    ),
  );
}

/**
 * The bill flow of spec section 4: fetch when the biller presents bills, else validate, else
 * nothing to do; a visitor's values are kept and the login popup opens instead.
 */
export function useBillSubmit(biller: Biller, onLoginRequired: () => void) {
  const intl = useIntl();
  const apiErrorText = useApiErrorText();
  const navigate = useNavigate();
  const fetchBill = useFetchBill();
  const validateBill = useValidateBill();

  const askToLogin = (submission: BillSubmission) => {
    savePendingBill({ biller, values: submission.values, amount: submission.amount });
    onLoginRequired();
  };

  async function submit(submission: BillSubmission): Promise<void> {
    if (!getSession()) return askToLogin(submission);
    const flow = billFlow(biller);
    if (flow === 'none') {
      toast.info(intl.formatMessage({ id: 'bills.entry.notOnline' }, { billerName: biller.billerName }));
      return;
    }
    const user = getUserData();
    const { plan } = submission;
    const amount = plan
      ? String(plan.amountInRupees)
      : enteredAmount(biller, submission.values, submission.amount);
    const amountPaise = paiseOrUndefined(parseRupees(amount, 'typed'));
    const request = buildBillRequest({
      biller,
      values: submission.values,
      user,
      amountPaise,
      planId: plan?.Id,
    });
    try {
      if (flow === 'fetch') {
        const answer = await fetchBill.mutateAsync({
          billerCategoryName: biller.billerCategoryName,
          request,
        });
        if (answer.respCode !== 1 || !answer.response.billerResponse) return showRefusal(answer, intl);
        const state: BillDetailsState = { response: answer, biller, billReq: request };
        navigate(paths.billerDetails, { state });
        return;
      }
      const answer = await validateBill.mutateAsync(request);
      if (answer.respCode !== 1) return showRefusal(answer, intl);
      const state: PaymentSelectionState = {
        amount: answer.response.amount ?? amount,
        user,
        biller,
        validationReq: request,
        validationRes: answer,
        ...(plan && { plan: paymentPlan(plan) }),
      };
      navigate(paths.paymentSelection, { state });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return askToLogin(submission);
      // The network did not answer (503, or 504 in time): the banner looks again now (decision 110).
      if (error instanceof ApiError && (error.status === 503 || error.status === 504)) doubtBillNetwork();
      showFailure(error, intl, apiErrorText);
    }
  }

  return { submit, isSubmitting: fetchBill.isPending || validateBill.isPending };
}
