import type { PayuHashRequest, PayuHashResponse } from '@erti/contracts';
import { MOBILE_PREPAID, PAYMENT_MODE_WEBSITE } from '@erti/contracts/constants';
import { messages } from '@erti/contracts/messages';
import { authApi } from '../../../../lib/api-client.ts';
import { postHiddenForm } from '../../../../lib/hidden-form-post.ts';
import type { PaymentSelectionState } from '../../../../lib/navigation-state.ts';
import type { StoredUserData } from '../../../../lib/session.ts';
import { paymentSource } from '../../model/payment-requests.ts';
import type { GatewayHandOff, HandOffFailure } from '../hand-off.ts';

/** Creates the order and the signed PayU form the browser then posts. */
export const generatePayuHash = (body: PayuHashRequest) =>
  authApi.post<PayuHashResponse>('/payu/generate-hash', body);

function splitName(user: StoredUserData | null | undefined): { firstname: string; lastname: string } {
  const [firstname = '', ...rest] = (user?.name ?? user?.userName ?? '').trim().split(/\s+/);
  return { firstname: firstname.slice(0, 60), lastname: rest.join(' ').slice(0, 60) };
}

/** The spec's payment hash request (website flow): productinfo is the biller name, udf1 the user id. */
export function payuHashRequest(
  selection: PaymentSelectionState,
  userId: string,
  user: StoredUserData | null | undefined,
): PayuHashRequest {
  return {
    ...paymentSource(selection),
    ...splitName(user),
    mode: PAYMENT_MODE_WEBSITE,
    amount: selection.amount,
    phone: user?.phone,
    email: user?.email,
    productinfo: selection.biller.billerName.slice(0, 100),
    udf1: userId,
  };
}

/**
 * Spec section 8: which line a PayU start failure shows depends on where the payment came from: the
 * mobile recharge form, a fetched bill (the website flow), or any other payment started here (a
 * validated bill, a plan, a DTH pack).
 */
export function payuFailure(selection: PaymentSelectionState): HandOffFailure {
  if (selection.validationReq && selection.biller.billerCategoryName === MOBILE_PREPAID) {
    return { message: messages.errors.payuRechargeInit, asAlert: false };
  }
  if (selection.billReq) return { message: messages.errors.websiteInit, asAlert: true };
  return { message: messages.errors.payuGatewayInit, asAlert: false };
}

/** PayU: the browser posts the signed form to PayU's hosted checkout. */
export const payuHandOff: GatewayHandOff = {
  title: 'payments.selection.payu',
  detail: 'payments.selection.payuDetail',
  async start(selection, payer) {
    const answer = await generatePayuHash(payuHashRequest(selection, payer.userId, payer.user));
    postHiddenForm(answer.action, answer.fields);
  },
  failure: payuFailure,
};
