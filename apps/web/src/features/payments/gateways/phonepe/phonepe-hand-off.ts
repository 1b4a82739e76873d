import type { PhonepePayRequest, PhonepePayResponse } from '@erti/contracts';
import { messages } from '@erti/contracts/messages';
import { authApi } from '../../../../lib/api-client.ts';
import type { PaymentSelectionState } from '../../../../lib/navigation-state.ts';
import { paymentSource } from '../../model/payment-requests.ts';
import type { GatewayHandOff } from '../hand-off.ts';

/** Creates the order at PhonePe; the answer's redirectUrl is PhonePe's pay page. */
export const startPhonepePayment = (body: PhonepePayRequest) =>
  authApi.post<PhonepePayResponse>('/phonepe/pay', body);

/** PhonePe's pay request; the server assigns the merchantOrderId. */
export function phonepePayRequest(selection: PaymentSelectionState): PhonepePayRequest {
  return { ...paymentSource(selection), amount: selection.amount };
}

/** PhonePe: the browser opens PhonePe's pay page. */
export const phonepeHandOff: GatewayHandOff = {
  title: 'payments.selection.phonepe',
  detail: 'payments.selection.phonepeDetail',
  async start(selection) {
    const answer = await startPhonepePayment(phonepePayRequest(selection));
    window.location.assign(answer.redirectUrl);
  },
  failure: () => ({ message: messages.errors.phonepeInit, asAlert: false }),
};
