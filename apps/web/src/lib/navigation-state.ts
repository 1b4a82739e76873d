import type { Biller, BillRequest, BillResponse, Plan } from '@erti/contracts';
import type { StoredUserData } from './session.ts';

/**
 * The navigation state `/payment-selection` receives (spec route table: amount, user, plan, biller,
 * validationReq, validationRes), plus billReq/billRes when it comes from a fetched bill. The server
 * never trusts `amount`: it charges from the stored fetch or validation (`response.billFetchId`).
 */
export interface PaymentSelectionState {
  /** Rupees, for display. */
  amount: number | string;
  user?: StoredUserData | null;
  biller: Biller;
  plan?: PaymentPlan;
  validationReq?: BillRequest;
  validationRes?: BillResponse;
  billReq?: BillRequest;
  billRes?: BillResponse;
}

export interface PaymentPlan {
  id: string;
  categoryType: string;
  description?: string;
  amountInRupees?: number;
}

/** The chosen plan as the payment screens show it. */
export function paymentPlan(plan: Plan): PaymentPlan {
  return {
    id: plan.Id,
    categoryType: plan.categoryType,
    description: plan.planDescription,
    amountInRupees: plan.amountInRupees,
  };
}

/** State for `/complaint` (spec: selectedTab), optionally pre-filled from a receipt. */
export interface ComplaintNavigationState {
  selectedTab?: 'raise' | 'status' | 'transaction';
  prefill?: {
    txnReferenceId?: string;
    /** Rupees as text ('1234.50'): the form sends it as typed, for the one rupee parser to read. */
    transactionAmount?: string;
    transactionDate?: string;
    initiatedVia?: string;
  };
}
