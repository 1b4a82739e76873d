import type { BillGateway } from '@erti/contracts';
import { useEffect, useState } from 'react';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';
import { getSession, getUserData } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { gatewayHandOffs } from '../gateways/gateways.ts';
import { isUnauthorised, type PaymentProblem, paymentProblem } from '../model/payment-problem.ts';
import { forgetPaymentSelection } from '../model/payment-selection-store.ts';

/**
 * Hands the payment to the chosen gateway, each its own way (gateways/gateways.ts lists them).
 * While one is starting all are locked, so a double click never creates two orders.
 */
export function useGatewayHandOff(selection: PaymentSelectionState, onLoginNeeded: () => void) {
  const specText = useSpecText();
  const [busy, setBusy] = useState<BillGateway | null>(null);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);

  // Back from the gateway, the browser may restore this page as it was (buttons locked): unlock them.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function payWith(gateway: BillGateway) {
    if (!getSession()) return onLoginNeeded();
    const handOff = gatewayHandOffs[gateway];
    setBusy(gateway);
    setProblem(null);
    try {
      const payer = { userId: getSession()?.UserId ?? '', user: getUserData() ?? selection.user };
      await handOff.start(selection, payer);
      forgetPaymentSelection();
    } catch (error) {
      setBusy(null);
      if (isUnauthorised(error)) return onLoginNeeded();
      const failure = handOff.failure(selection);
      if (!failure.asAlert) toast.warning(specText(failure.message));
      setProblem(paymentProblem(failure.message, error));
    }
  }

  return { busy, problem, payWith };
}
