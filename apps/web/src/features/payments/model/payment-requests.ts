import type { PaymentSource, PayuHashRequest, PhonepePayRequest } from '@erti/contracts';
import { MOBILE_PREPAID, PAYMENT_MODE_WEBSITE } from '@erti/contracts/constants';
import { messages } from '@erti/contracts/messages';
import type { PaymentSelectionState } from '../../../lib/payment-state.ts';
import type { StoredUserData } from '../../../lib/session.ts';

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

/** PhonePe's pay request; the server assigns the merchantOrderId. */
export function phonepePayRequest(selection: PaymentSelectionState): PhonepePayRequest {
  return { ...paymentSource(selection), amount: selection.amount };
}

/**
 * Spec section 8: which line a PayU start failure shows depends on where the payment came from: the
 * mobile recharge form, a fetched bill (the website flow), or any other payment started here (a
 * validated bill, a plan, a DTH pack).
 */
export function payuFailure(selection: PaymentSelectionState): { message: string; asAlert: boolean } {
  if (selection.validationReq && selection.biller.billerCategoryName === MOBILE_PREPAID) {
    return { message: messages.errors.payuRechargeInit, asAlert: false };
  }
  if (selection.billReq) return { message: messages.errors.websiteInit, asAlert: true };
  return { message: messages.errors.payuGatewayInit, asAlert: false };
}
