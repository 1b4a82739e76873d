import { type HeldOrderAction, type HeldOrderResolution, heldOrderResolutionSchema } from '@erti/contracts';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';

/** The resolve dialog's fields as typed. */
export interface ResolutionForm {
  action: HeldOrderAction | '';
  gatewayPaymentId: string;
  /** Rupees as typed, for a refund. */
  amount: string;
  note: string;
}

export const emptyResolution: ResolutionForm = { action: '', gatewayPaymentId: '', amount: '', note: '' };

/** Each action's label and hint (message ids). */
export const actionLabels: Record<HeldOrderAction, { label: string; hint: string }> = {
  'mark-paid': { label: 'merchant.resolve.markPaid', hint: 'merchant.resolve.markPaidHint' },
  refund: { label: 'merchant.resolve.refund', hint: 'merchant.resolve.refundHint' },
  'no-charge': { label: 'merchant.resolve.noCharge', hint: 'merchant.resolve.noChargeHint' },
};

export const needsPaymentId = (action: ResolutionForm['action']) =>
  action === 'mark-paid' || action === 'refund';

/** What to tell the person: a message id of ours, or a schema's message (English, as contracts write it). */
export type ResolutionProblem = { id: string } | { text: string };

/** The api's body from the form, or the first problem to show (the same rules as the api's). */
export function resolutionOf(
  form: ResolutionForm,
): { body: HeldOrderResolution } | { problem: ResolutionProblem } {
  if (!form.action) return { problem: { id: 'merchant.resolve.chooseAction' } };
  let amount: number | undefined;
  if (form.action === 'refund') {
    amount = paiseOrUndefined(parseRupees(form.amount, 'typed'));
    if (!amount) return { problem: { id: 'merchant.resolve.enterAmount' } };
  }
  const parsed = heldOrderResolutionSchema.safeParse({
    action: form.action,
    note: form.note,
    ...(needsPaymentId(form.action) ? { gatewayPaymentId: form.gatewayPaymentId } : {}),
    ...(amount === undefined ? {} : { amount }),
  });
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: issue ? { text: issue.message } : { id: 'merchant.resolve.checkForm' } };
}
