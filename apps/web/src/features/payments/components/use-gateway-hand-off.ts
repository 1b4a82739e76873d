import { messages } from '@erti/contracts/messages';
import { useEffect, useState } from 'react';
import { postHiddenForm } from '../../../lib/hidden-form-post.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import type { PaymentSelectionState } from '../../../lib/payment-state.ts';
import { getSession, getUserData } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useGeneratePayuHash } from '../api/generate-payu-hash.ts';
import { useStartPhonepePayment } from '../api/start-phonepe-payment.ts';
import { isUnauthorised, type PaymentProblem, paymentProblem } from '../model/payment-problem.ts';
import { payuFailure, payuHashRequest, phonepePayRequest } from '../model/payment-requests.ts';
import { forgetPaymentSelection } from '../model/payment-selection-store.ts';

export type GatewayChoice = 'payu' | 'phonepe';

interface Failure {
  message: string;
  /** The spec shows this line as an alert on the page rather than a warning toast. */
  asAlert: boolean;
}

/**
 * Hands the payment to the chosen gateway: PayU by a posted form, PhonePe by opening its pay page.
 * While one is starting both are locked, so a double click never creates two orders.
 */
export function useGatewayHandOff(selection: PaymentSelectionState, onLoginNeeded: () => void) {
  const specText = useSpecText();
  const [busy, setBusy] = useState<GatewayChoice | null>(null);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const payu = useGeneratePayuHash();
  const phonepe = useStartPhonepePayment();

  // Back from the gateway, the browser may restore this page as it was (buttons locked): unlock them.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function handOff(gateway: GatewayChoice, start: () => Promise<void>, failure: Failure) {
    if (!getSession()) return onLoginNeeded();
    setBusy(gateway);
    setProblem(null);
    try {
      await start();
      forgetPaymentSelection();
    } catch (error) {
      setBusy(null);
      if (isUnauthorised(error)) return onLoginNeeded();
      if (!failure.asAlert) toast.warning(specText(failure.message));
      setProblem(paymentProblem(failure.message, error));
    }
  }

  const payWithPayu = () =>
    handOff(
      'payu',
      async () => {
        const userId = getSession()?.UserId ?? '';
        const answer = await payu.mutateAsync(
          payuHashRequest(selection, userId, getUserData() ?? selection.user),
        );
        postHiddenForm(answer.action, answer.fields);
      },
      payuFailure(selection),
    );

  const payWithPhonepe = () =>
    handOff(
      'phonepe',
      async () => {
        const answer = await phonepe.mutateAsync(phonepePayRequest(selection));
        window.location.assign(answer.redirectUrl);
      },
      { message: messages.errors.phonepeInit, asAlert: false },
    );

  return { busy, problem, payWithPayu, payWithPhonepe };
}
