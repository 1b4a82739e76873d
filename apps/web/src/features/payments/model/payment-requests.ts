import type { PaymentSource } from '@erti/contracts';
import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';

/** What is being paid, as the server reads it (it re-derives the amount from the stored fetch or plan). */
export function paymentSource(selection: PaymentSelectionState): PaymentSource {
  const { billReq, billRes, validationReq, validationRes, plan } = selection;
  return {
    billReq,
    billRes,
    validationReq,
    validationRes,
    plan: plan && { id: plan.id, categoryType: plan.categoryType },
  };
}
