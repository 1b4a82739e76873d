import { escapeHtml, factList, htmlPage, outcomeButtons, rupees } from '../gateway-kit/html.ts';
import type { PayuAttempt } from './payu-store.ts';

const brand = { brand: 'PayU', colour: '#15803d' };

/** PayU's documented test cards that succeed; any other number is declined. */
export const SUCCESS_TEST_CARDS = ['5123456789012346', '4012001037141112'];

export function payuErrorPage(reason: string): string {
  return htmlPage({
    ...brand,
    title: 'PayU: error',
    body: `<h1>Payment could not be started</h1><p class="error" role="alert">Error Reason: ${escapeHtml(reason)}</p>`,
  });
}

/** The hosted checkout: the order's facts, outcome buttons and a card form with the test cards. */
export function payuCheckoutPage(attempt: PayuAttempt): string {
  const action = `/payu/_payment/${encodeURIComponent(attempt.mihpayid)}`;
  const facts = factList([
    ['Amount', rupees(attempt.amountPaise)],
    ['For', attempt.form.productinfo ?? ''],
    ['Transaction', attempt.txnid],
    ['Name', `${attempt.form.firstname ?? ''} ${attempt.form.lastname ?? ''}`.trim()],
    ['E-mail', attempt.form.email ?? ''],
  ]);
  const buttons = outcomeButtons({
    action,
    outcomes: [
      { value: 'success', label: 'Success' },
      { value: 'failure', label: 'Failure', style: 'danger' },
      { value: 'pending', label: 'Pending', style: 'warn' },
    ],
  });
  const cardForm = `<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>Pay by card</legend>
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<label for="cardName">Name on card</label>
<input id="cardName" name="cardName" autocomplete="cc-name">
<label for="cardExpiry">Expiry (MM/YY)</label>
<input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="05/30">
<label for="cardCvv">CVV</label>
<input id="cardCvv" name="cardCvv" inputmode="numeric" autocomplete="cc-csc">
<button type="submit" name="outcome" value="card">Pay ${escapeHtml(rupees(attempt.amountPaise))}</button>
<p><small>Test cards that succeed: ${SUCCESS_TEST_CARDS.join(', ')} (any other number is declined).</small></p>
</fieldset>
</form>`;
  return htmlPage({
    ...brand,
    title: 'PayU: pay',
    body: `<h1>Complete your payment</h1>${facts}${buttons}${cardForm}`,
  });
}
