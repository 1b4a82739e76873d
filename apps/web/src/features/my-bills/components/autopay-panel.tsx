import {
  AUTOPAY_MAX_DAYS_BEFORE,
  type Autopay,
  type MandateHandOff,
  type MyBill,
  turnOnAutopayRequestSchema,
} from '@erti/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatRupees } from '../../../lib/format.ts';
import { postHiddenForm } from '../../../lib/hidden-form-post.ts';
import { toast } from '../../../lib/toast.ts';
import { type AutopayChange, useChangeAutopay } from '../api/change-autopay.ts';
import { useTurnOnAutopay } from '../api/turn-on-autopay.ts';
import { debitOutcomeSentence } from '../debit-outcome.ts';

const buttonClass =
  'rounded-md border border-gray-300 px-3 py-1.5 font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const fieldClass =
  'mt-1 block w-full rounded-md border border-gray-300 px-3 py-1.5 focus-visible:outline-2 focus-visible:outline-brand-700';

/** The choices of when to pay: on the due date, or 1 to AUTOPAY_MAX_DAYS_BEFORE days before. */
const PAY_DAYS = Array.from({ length: AUTOPAY_MAX_DAYS_BEFORE + 1 }, (_, days) => ({
  days,
  label: days === 0 ? 'On the due date' : `${days} day${days === 1 ? '' : 's'} before`,
}));

const gatewayNames = { phonepe: 'PhonePe', razorpay: 'Razorpay' } as const;

/** What the customer reads for AutoPay's state: On, Paused, Off (an ended or refused mandate is off). */
const stateWords: Record<Autopay['state'], string> = {
  pending: 'Waiting for your approval',
  on: 'On',
  paused: 'Paused',
  cancelled: 'Off',
  failed: 'Off',
};

const isLive = (autopay: Autopay | null): autopay is Autopay =>
  autopay !== null && ['pending', 'on', 'paused'].includes(autopay.state);

/** The current bill's debit in words (why it did not happen, once decided), or nothing when AutoPay has not planned one. */
function debitWords(debit: NonNullable<Autopay['debit']>): string {
  if (debit.outcome && debit.decidedAt) return debitOutcomeSentence(debit.outcome, debit.decidedAt);
  const amount = formatRupees(debit.amount);
  switch (debit.state) {
    case 'notifying':
    case 'scheduled':
      return `Next debit: ${amount}${debit.debitAt ? ` on ${formatDateTime(debit.debitAt)}` : ''}`;
    case 'debiting':
      return `Paying ${amount} now`;
    case 'paid':
      return `Paid ${amount} by AutoPay`;
    case 'skipped':
      return `This bill's debit is skipped`;
    case 'needs-approval':
      return 'This bill needs your approval: AutoPay will not pay it';
    case 'failed':
      return 'AutoPay could not pay this bill';
    default:
      return 'AutoPay will not pay this bill';
  }
}

/** The browser goes to the gateway's mandate page: a link (PhonePe) or a form post (Razorpay). */
function goToMandatePage(handOff: MandateHandOff) {
  if (handOff.method === 'GET') window.location.assign(handOff.url);
  else postHiddenForm(handOff.url, handOff.fields);
}

/** AutoPay of one My Bills entry: its state, the debit of the current bill, and its controls. */
export function AutopayPanel({ bill }: { bill: MyBill }) {
  const [formOpen, setFormOpen] = useState(false);
  const change = useChangeAutopay();
  const { autopay } = bill;
  const debit = autopay?.debit;
  const act = (what: AutopayChange) =>
    change.mutate(
      { id: bill.id, change: what },
      {
        onError: (error) =>
          toast.error(
            error instanceof ApiError ? error.message : 'Could not change AutoPay. Please try again.',
          ),
      },
    );
  const skippable =
    autopay?.state === 'on' &&
    bill.bill !== null &&
    (!autopay.debit || ['notifying', 'scheduled'].includes(autopay.debit.state));
  const controls: { change: AutopayChange; label: string; shown: boolean; name?: string }[] = [
    { change: 'pause', label: 'Pause', shown: autopay?.state === 'on' },
    { change: 'resume', label: 'Resume', shown: autopay?.state === 'paused' },
    { change: 'skip', label: 'Skip next debit', shown: skippable },
    {
      change: 'cancel',
      label: 'Cancel AutoPay',
      shown: isLive(autopay),
      name: `Cancel AutoPay for ${bill.nickname}`,
    },
  ];
  return (
    <section
      aria-label={`AutoPay for ${bill.nickname}`}
      className="mt-4 border-t border-gray-100 pt-3 text-sm"
    >
      <p className="font-medium text-gray-900">
        AutoPay: {autopay ? stateWords[autopay.state] : 'Off'}
        {isLive(autopay) && (
          <span className="font-normal text-gray-700">
            {' '}
            · up to {formatRupees(autopay.cap)} ·{' '}
            {autopay.daysBefore === 0 ? 'on the due date' : `${autopay.daysBefore} days before`} ·{' '}
            {gatewayNames[autopay.gateway]}
          </span>
        )}
      </p>
      {autopay?.state === 'cancelled' && <p className="text-gray-700">The AutoPay mandate was cancelled.</p>}
      {debit && (isLive(autopay) || debit.outcome) && <p className="text-gray-700">{debitWords(debit)}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {!isLive(autopay) && !formOpen && (
          <button type="button" className={buttonClass} onClick={() => setFormOpen(true)}>
            Turn on AutoPay
          </button>
        )}
        {controls
          .filter((control) => control.shown)
          .map((control) => (
            <button
              key={control.change}
              type="button"
              className={buttonClass}
              disabled={change.isPending}
              aria-label={control.name}
              onClick={() => act(control.change)}
            >
              {control.label}
            </button>
          ))}
      </div>
      {formOpen && !isLive(autopay) && <TurnOnForm bill={bill} onClose={() => setFormOpen(false)} />}
    </section>
  );
}

/** The small form that turns AutoPay on: the cap, when to pay and the gateway, then its mandate page. */
function TurnOnForm({ bill, onClose }: { bill: MyBill; onClose: () => void }) {
  const id = useId();
  const turnOn = useTurnOnAutopay();
  const [cap, setCap] = useState(bill.bill?.amount ?? '');
  const [daysBefore, setDaysBefore] = useState(0);
  const [gateway, setGateway] = useState<'phonepe' | 'razorpay'>('phonepe');
  const [problem, setProblem] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = turnOnAutopayRequestSchema.safeParse({ cap, daysBefore, gateway });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setProblem(undefined);
    turnOn.mutate(
      { id: bill.id, request: parsed.data },
      {
        onSuccess: (answer) => goToMandatePage(answer.handOff),
        onError: (error) =>
          setProblem(
            error instanceof ApiError ? error.message : 'Could not turn AutoPay on. Please try again.',
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-3">
      <label htmlFor={`${id}-cap`} className="text-gray-800">
        Largest bill to pay (₹)
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
        When to pay
        <select
          id={`${id}-when`}
          value={daysBefore}
          onChange={(event) => setDaysBefore(Number(event.target.value))}
          className={fieldClass}
        >
          {PAY_DAYS.map(({ days, label }) => (
            <option key={label} value={days}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="text-gray-800">
        <legend>Authorise with</legend>
        {(['phonepe', 'razorpay'] as const).map((name) => (
          <label key={name} className="mr-3 inline-flex items-center gap-1">
            <input
              type="radio"
              name={`${id}-gateway`}
              value={name}
              checked={gateway === name}
              onChange={() => setGateway(name)}
            />
            {gatewayNames[name]}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-red-700 sm:col-span-3">
          {problem}
        </p>
      )}
      <p className="text-gray-600 sm:col-span-3">
        No fee for AutoPay. You get a notice a day before each debit, with a link to skip it; a bill above
        your limit is mailed to you instead.
      </p>
      <div className="flex gap-2 sm:col-span-3">
        <button
          type="submit"
          disabled={turnOn.isPending}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Continue to {gatewayNames[gateway]}
        </button>
        <button type="button" className={buttonClass} onClick={onClose}>
          Not now
        </button>
      </div>
    </form>
  );
}
