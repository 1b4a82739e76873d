import type { BillGateway } from '@erti/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { WithBharatConnectLogo } from '../../../components/network-mark.tsx';
import { useLoginPrompt } from '../../../components/use-login-prompt.tsx';
import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useQuote } from '../api/quote-payment.ts';
import { gatewayChoices } from '../gateways/gateways.ts';
import { isUnauthorised, paymentProblem } from '../model/payment-problem.ts';
import { paymentSource } from '../model/payment-requests.ts';
import { resolvePaymentSelection } from '../model/payment-selection-store.ts';
import { PaymentProblemNotice } from './payment-problem-notice.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { useGatewayHandOff } from './use-gateway-hand-off.ts';

/** `/payment-selection`: what is being paid and the ways to pay it (spec: gateway choice). */
export function PaymentSelection({ navigationState }: { navigationState: unknown }) {
  const { formatMessage } = useIntl();
  const [selection] = useState(() => resolvePaymentSelection(navigationState));
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <WithBharatConnectLogo>
        <h1 className="text-2xl font-bold text-gray-900">
          {formatMessage({ id: 'payments.selection.title' })}
        </h1>
      </WithBharatConnectLogo>
      {selection ? <PaymentChoice selection={selection} /> : <NothingToPay />}
    </section>
  );
}

function NothingToPay() {
  const { formatMessage } = useIntl();
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm">
      <p className="text-gray-800">{formatMessage({ id: 'payments.selection.nothing' })}</p>
      <Link to={paths.services} className="mt-3 inline-block font-semibold text-brand-700 underline">
        {formatMessage({ id: 'payments.selection.chooseService' })}
      </Link>
    </div>
  );
}

function PaymentChoice({ selection }: { selection: PaymentSelectionState }) {
  const { formatMessage } = useIntl();
  const session = useSession();
  const login = useLoginPrompt();
  const quote = useQuote({ ...paymentSource(selection), amount: selection.amount }, Boolean(session));
  const { busy, problem, payWith } = useGatewayHandOff(selection, login.prompt);
  const signedIn = Boolean(session) && !isUnauthorised(quote.error);
  const refusal =
    quote.error && signedIn
      ? paymentProblem(formatMessage({ id: 'payments.selection.cannotPay' }), quote.error)
      : undefined;
  // Only a reason the user can act on (4xx) blocks paying; a server hiccup leaves the gateways open.
  const blocked = Boolean(refusal?.detail);

  return (
    <>
      <PaymentSummary
        selection={selection}
        charge={quote.data}
        pricingNote={formatMessage({
          id: quote.isLoading ? 'payments.selection.pricing' : 'payments.selection.feeOnPaying',
        })}
      />
      {!signedIn && <LoginNotice />}
      {blocked && refusal && <PaymentProblemNotice problem={refusal} />}
      {problem && <PaymentProblemNotice problem={problem} />}
      <div className="grid gap-3 sm:grid-cols-2">
        {gatewayChoices.map(([gateway, handOff]) => (
          <GatewayButton
            key={gateway}
            gateway={gateway}
            busy={busy}
            disabled={blocked}
            onClick={signedIn ? () => payWith(gateway) : login.prompt}
            title={formatMessage({ id: handOff.title })}
            detail={formatMessage({ id: handOff.detail })}
          />
        ))}
      </div>
      <p className="text-sm text-gray-600">{formatMessage({ id: 'payments.selection.bharatConnect' })}</p>
      {login.dialog}
    </>
  );
}

function LoginNotice() {
  const { formatMessage } = useIntl();
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
      {formatMessage({ id: 'spec.validation.loginToContinue' })}{' '}
      <Link to={paths.loginFrom(paths.paymentSelection)} className="font-semibold underline">
        {formatMessage({ id: 'payments.login' })}
      </Link>
    </p>
  );
}

interface GatewayButtonProps {
  gateway: BillGateway;
  busy: BillGateway | null;
  disabled: boolean;
  onClick: () => void;
  title: string;
  detail: string;
}

function GatewayButton({ gateway, busy, disabled, onClick, title, detail }: GatewayButtonProps) {
  return (
    <button
      type="button"
      aria-busy={busy === gateway}
      onClick={onClick}
      disabled={disabled || busy !== null}
      className="flex flex-col items-start gap-1 rounded-xl border-2 border-brand-200 bg-white p-5 text-left shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span className="text-lg font-semibold text-brand-900">{title}</span>
      <span className="text-sm text-gray-600">{detail}</span>
      {busy === gateway && <Spinner decorative />}
    </button>
  );
}
