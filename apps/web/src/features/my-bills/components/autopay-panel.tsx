import {
  AUTOPAY_MAX_DAYS_BEFORE,
  type Autopay,
  type AutopayGateway,
  autopayGateways,
  GATEWAY_NAMES,
  MANDATE_AUTHORISATION_PAISE,
  type MandateHandOff,
  type MyBill,
  turnOnAutopayRequestSchema,
} from '@erti/contracts';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import { type FormEvent, useId, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { ConfirmDialog } from '../../../components/layout/confirm-dialog.tsx';
import { type Formats, useFormat } from '../../../lib/format.ts';
import { postHiddenForm } from '../../../lib/hidden-form-post.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { toast } from '../../../lib/toast.ts';
import { type AutopayChange, useChangeAutopay } from '../api/change-autopay.ts';
import { useTurnOnAutopay } from '../api/turn-on-autopay.ts';
import { debitOutcomeIds } from '../debit-outcome.ts';

const buttonClass =
  'rounded-md border border-gray-300 px-3 py-1.5 font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const fieldClass =
  'mt-1 block w-full rounded-md border border-gray-300 px-3 py-1.5 focus-visible:outline-2 focus-visible:outline-brand-700';

/** The choices of when to pay: on the due date, or 1 to AUTOPAY_MAX_DAYS_BEFORE days before. */
const PAY_DAYS = Array.from({ length: AUTOPAY_MAX_DAYS_BEFORE + 1 }, (_, days) => days);

/** What the customer reads for AutoPay's state: On, Paused, Off (an ended or refused mandate is off). */
const stateWords: Record<Autopay['state'], string> = {
  pending: 'my-bills.autopay.statePending',
  on: 'my-bills.autopay.stateOn',
  paused: 'my-bills.autopay.statePaused',
  cancelled: 'my-bills.autopay.stateOff',
  failed: 'my-bills.autopay.stateOff',
};

const isLive = (autopay: Autopay | null): autopay is Autopay =>
  autopay !== null && ['pending', 'on', 'paused'].includes(autopay.state);

/**
 * The current bill's debit in words: why it did not happen once decided, else what AutoPay plans. A
 * bill already paid, or AutoPay paused, shows no "Next debit" (decision 115): none will follow.
 */
function debitWords(
  bill: MyBill,
  debit: NonNullable<Autopay['debit']>,
  intl: IntlShape,
  format: Formats,
): string {
  if (debit.outcome && debit.decidedAt)
    return intl.formatMessage({ id: debitOutcomeIds[debit.outcome] }, { day: format.date(debit.decidedAt) });
  const amount = format.rupees(debit.amount);
  const say = (id: string) => intl.formatMessage({ id }, { amount });
  switch (debit.state) {
    case 'notifying':
    case 'scheduled':
      if (bill.state === 'paid') return say('my-bills.debit.notNeeded');
      if (bill.autopay?.state === 'paused') return say('my-bills.debit.whilePaused');
      return debit.debitAt
        ? intl.formatMessage(
            { id: 'my-bills.debit.nextOn' },
            { amount, date: format.dateTime(debit.debitAt) },
          )
        : say('my-bills.debit.next');
    case 'debiting':
      return say('my-bills.debit.paying');
    case 'paid':
      return say('my-bills.debit.paid');
    case 'skipped':
      return say('my-bills.debit.skipped');
    case 'needs-approval':
      return say('my-bills.debit.needsApproval');
    case 'failed':
      return say('my-bills.debit.failed');
    default:
      return say('my-bills.debit.notPaying');
  }
}

/** The browser goes to the gateway's mandate page: a link (PhonePe) or a form post (Razorpay). */
function goToMandatePage(handOff: MandateHandOff) {
  if (handOff.method === 'GET') window.location.assign(handOff.url);
  else postHiddenForm(handOff.url, handOff.fields);
}

/** AutoPay of one My Bills entry: its state, the debit of the current bill, and its controls. */
export function AutopayPanel({ bill }: { bill: MyBill }) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const format = useFormat();
  const apiErrorText = useApiErrorText();
  const [formOpen, setFormOpen] = useState(false);
  // Cancelling revokes the mandate at the gateway: turning it on again means its approval page again.
  const [askingToCancel, setAskingToCancel] = useState(false);
  const change = useChangeAutopay();
  const { autopay } = bill;
  const debit = autopay?.debit;
  const act = (what: AutopayChange) =>
    change.mutate(
      { id: bill.id, change: what },
      {
        onSettled: () => setAskingToCancel(false),
        onError: (error) =>
          toast.error(apiErrorText(error, formatMessage({ id: 'my-bills.autopay.changeFailed' }))),
      },
    );
  const skippable =
    autopay?.state === 'on' &&
    bill.bill !== null &&
    (!autopay.debit || ['notifying', 'scheduled'].includes(autopay.debit.state));
  const controls: { change: AutopayChange; label: string; shown: boolean; name?: string }[] = [
    { change: 'pause', label: 'my-bills.autopay.pause', shown: autopay?.state === 'on' },
    { change: 'resume', label: 'my-bills.autopay.resume', shown: autopay?.state === 'paused' },
    { change: 'skip', label: 'my-bills.autopay.skip', shown: skippable },
    {
      change: 'cancel',
      label: 'my-bills.autopay.cancel',
      shown: isLive(autopay),
      name: formatMessage({ id: 'my-bills.autopay.cancelLabel' }, { nickname: bill.nickname }),
    },
  ];
  return (
    <section
      aria-label={formatMessage({ id: 'my-bills.autopay.label' }, { nickname: bill.nickname })}
      className="mt-4 border-t border-gray-100 pt-3 text-sm"
    >
      <p className="font-medium text-gray-900">
        {formatMessage(
          { id: 'my-bills.autopay.state' },
          { state: formatMessage({ id: autopay ? stateWords[autopay.state] : 'my-bills.autopay.stateOff' }) },
        )}
        {isLive(autopay) && (
          <span className="font-normal text-gray-700">
            {' '}
            · {formatMessage({ id: 'my-bills.autopay.upTo' }, { cap: format.rupees(autopay.cap) })} ·{' '}
            {formatMessage({ id: 'my-bills.autopay.when' }, { days: autopay.daysBefore })} ·{' '}
            {GATEWAY_NAMES[autopay.gateway]}
          </span>
        )}
      </p>
      {autopay?.state === 'cancelled' && (
        <p className="text-gray-700">{formatMessage({ id: 'my-bills.autopay.cancelled' })}</p>
      )}
      {debit && (isLive(autopay) || debit.outcome) && (
        <p className="text-gray-700">{debitWords(bill, debit, intl, format)}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {!isLive(autopay) && !formOpen && (
          <button type="button" className={buttonClass} onClick={() => setFormOpen(true)}>
            {formatMessage({ id: 'my-bills.autopay.turnOn' })}
          </button>
        )}
        {controls
          .filter((control) => control.shown)
          .map((control) => (
            <BusyButton
              key={control.change}
              className={buttonClass}
              busy={change.isPending && change.variables?.change === control.change}
              disabled={change.isPending}
              aria-label={control.name}
              onClick={() => (control.change === 'cancel' ? setAskingToCancel(true) : act(control.change))}
            >
              {formatMessage({ id: control.label })}
            </BusyButton>
          ))}
      </div>
      {formOpen && !isLive(autopay) && <TurnOnForm bill={bill} onClose={() => setFormOpen(false)} />}
      {askingToCancel && autopay && (
        <ConfirmDialog
          title={formatMessage({ id: 'my-bills.cancelAutopay.title' }, { nickname: bill.nickname })}
          confirmLabel={formatMessage({ id: 'my-bills.cancelAutopay.confirm' })}
          keepLabel={formatMessage({ id: 'my-bills.cancelAutopay.keep' })}
          busy={change.isPending}
          onConfirm={() => act('cancel')}
          onClose={() => setAskingToCancel(false)}
        >
          {formatMessage({ id: 'my-bills.cancelAutopay.text' }, { gateway: GATEWAY_NAMES[autopay.gateway] })}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The small form that turns AutoPay on: the cap, when to pay and the gateway, then its mandate page. */
function TurnOnForm({ bill, onClose }: { bill: MyBill; onClose: () => void }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const specText = useSpecText();
  const apiErrorText = useApiErrorText();
  const id = useId();
  const turnOn = useTurnOnAutopay();
  const [cap, setCap] = useState(bill.bill?.amount ?? '');
  const [daysBefore, setDaysBefore] = useState(0);
  const [gateway, setGateway] = useState<AutopayGateway>(autopayGateways[0]);
  const [problem, setProblem] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = turnOnAutopayRequestSchema.safeParse({ cap, daysBefore, gateway });
    if (!parsed.success) {
      setProblem(
        specText(parsed.error.issues[0]?.message ?? formatMessage({ id: 'my-bills.autopay.checkForm' })),
      );
      return;
    }
    setProblem(undefined);
    turnOn.mutate(
      { id: bill.id, request: parsed.data },
      {
        onSuccess: (answer) => goToMandatePage(answer.handOff),
        onError: (error) =>
          setProblem(apiErrorText(error, formatMessage({ id: 'my-bills.autopay.turnOnFailed' }))),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-3">
      <label htmlFor={`${id}-cap`} className="text-gray-800">
        {formatMessage({ id: 'my-bills.autopay.cap' })}
        <input
          id={`${id}-cap`}
          inputMode="decimal"
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={fieldClass}
        />
      </label>
      <label htmlFor={`${id}-when`} className="text-gray-800">
        {formatMessage({ id: 'my-bills.autopay.whenLabel' })}
        <select
          id={`${id}-when`}
          value={daysBefore}
          onChange={(event) => setDaysBefore(Number(event.target.value))}
          className={fieldClass}
        >
          {PAY_DAYS.map((days) => (
            <option key={days} value={days}>
              {formatMessage({ id: 'my-bills.autopay.whenChoice' }, { days })}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="text-gray-800">
        <legend>{formatMessage({ id: 'my-bills.autopay.authoriseWith' })}</legend>
        {autopayGateways.map((name) => (
          <label key={name} className="mr-3 inline-flex items-center gap-1">
            <input
              type="radio"
              name={`${id}-gateway`}
              value={name}
              checked={gateway === name}
              onChange={() => setGateway(name)}
            />
            {GATEWAY_NAMES[name]}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-red-700 sm:col-span-3">
          {problem}
        </p>
      )}
      <p className="text-gray-600 sm:col-span-3">{formatMessage({ id: 'my-bills.autopay.terms' })}</p>
      {/* The gateway's small authorisation charge, named before the customer leaves for its page. */}
      <p className="font-medium text-gray-800 sm:col-span-3">
        {formatMessage(
          { id: 'my-bills.autopay.authorisationCharge' },
          {
            gateway: GATEWAY_NAMES[gateway],
            amount: format.rupees(rupeesFromPaise(MANDATE_AUTHORISATION_PAISE[gateway])),
          },
        )}
      </p>
      <div className="flex gap-2 sm:col-span-3">
        <BusyButton
          type="submit"
          busy={turnOn.isPending}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {formatMessage({ id: 'my-bills.autopay.continueTo' }, { gateway: GATEWAY_NAMES[gateway] })}
        </BusyButton>
        <button type="button" className={buttonClass} onClick={onClose}>
          {formatMessage({ id: 'my-bills.autopay.notNow' })}
        </button>
      </div>
    </form>
  );
}
