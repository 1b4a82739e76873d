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

export const actionLabels: Record<HeldOrderAction, { label: string; hint: string }> = {
  'mark-paid': {
    label: 'Mark paid',
    hint: "The gateway shows the order's full total was taken: the bill is paid as usual.",
  },
  refund: {
    label: 'Refund',
    hint: 'The gateway shows money was taken: all of it goes back to the customer.',
  },
  'no-charge': { label: 'No charge', hint: 'The gateway shows no payment for this order: it is closed.' },
};

export const needsPaymentId = (action: ResolutionForm['action']) =>
  action === 'mark-paid' || action === 'refund';

/** The api's body from the form, or the first problem to show (the same rules as the api's). */
export function resolutionOf(form: ResolutionForm): { body: HeldOrderResolution } | { problem: string } {
  if (!form.action) return { problem: 'Please choose what the gateway shows' };
  let amount: number | undefined;
  if (form.action === 'refund') {
    amount = paiseOrUndefined(parseRupees(form.amount, 'typed'));
    if (!amount) return { problem: 'Please enter the amount the gateway shows, in rupees' };
  }
  const parsed = heldOrderResolutionSchema.safeParse({
    action: form.action,
    note: form.note,
    ...(needsPaymentId(form.action) ? { gatewayPaymentId: form.gatewayPaymentId } : {}),
    ...(amount === undefined ? {} : { amount }),
  });
  return parsed.success
    ? { body: parsed.data }
    : { problem: parsed.error.issues[0]?.message ?? 'Please check the form' };
}
