import { type HeldOrder, heldOrderActions } from '@erti/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/layout/modal-dialog.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useApiMessageText } from '../../../lib/i18n/api-messages.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { useResolveHeldOrder } from '../api/held-orders.ts';
import {
  actionLabels,
  emptyResolution,
  needsPaymentId,
  type ResolutionForm,
  resolutionOf,
} from '../model/resolution.ts';
import { gatewayName } from '../model/view.ts';
import { buttonClass } from './search-form.tsx';

const inputClass =
  'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-700';

/**
 * A person's decision on a held order, after checking the gateway's own dashboard: what it shows,
 * the payment id there, the amount for a refund, and why (kept with the person's name).
 */
export function ResolveHeldOrderDialog(props: {
  order: HeldOrder;
  onCancel: () => void;
  onResolved: (message: string) => void;
}) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const specText = useSpecText();
  const apiErrorText = useApiErrorText();
  const apiMessageText = useApiMessageText();
  const { order } = props;
  const id = useId();
  const [form, setForm] = useState<ResolutionForm>(emptyResolution);
  const [problem, setProblem] = useState<string>();
  const resolve = useResolveHeldOrder();
  const set = (change: Partial<ResolutionForm>) => setForm((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = resolutionOf(form);
    if ('problem' in checked) {
      const { problem } = checked;
      return setProblem('id' in problem ? formatMessage({ id: problem.id }) : specText(problem.text));
    }
    setProblem(undefined);
    resolve.mutate(
      { orderId: order.orderId, resolution: checked.body },
      { onSuccess: (answer) => props.onResolved(apiMessageText(answer)) },
    );
  };
  const shown = problem ?? (resolve.isError ? apiErrorText(resolve.error) : undefined);

  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={props.onCancel}>
      <form className="space-y-4 p-6" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
          {formatMessage(
            { id: 'merchant.resolve.title' },
            { order: <span className="font-mono break-all">{order.merchantOrderId}</span> },
          )}
        </h2>
        <p className="text-sm text-gray-800">
          {formatMessage(
            { id: 'merchant.resolve.checkFirst' },
            { gateway: gatewayName(order.gateway), total: format.paise(order.totalPaise) },
          )}
        </p>
        <fieldset className="space-y-2">
          <legend className="font-medium text-gray-900">
            {formatMessage({ id: 'merchant.resolve.question' })}
          </legend>
          {heldOrderActions.map((action) => (
            <label key={action} className="flex gap-2 text-gray-800">
              <input
                type="radio"
                name={`${id}-action`}
                value={action}
                checked={form.action === action}
                onChange={() => set({ action })}
                aria-describedby={`${id}-${action}-hint`}
              />
              <span>
                <span className="font-medium">{formatMessage({ id: actionLabels[action].label })}</span>
                <span id={`${id}-${action}-hint`} className="block text-sm text-gray-600">
                  {formatMessage({ id: actionLabels[action].hint })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {needsPaymentId(form.action) && (
          <label className="block text-sm font-medium text-gray-900">
            {formatMessage({ id: 'merchant.resolve.paymentId' })}
            <input
              className={inputClass}
              value={form.gatewayPaymentId}
              onChange={(event) => set({ gatewayPaymentId: event.target.value })}
              required
              autoComplete="off"
            />
          </label>
        )}
        {form.action === 'refund' && (
          <label className="block text-sm font-medium text-gray-900">
            {formatMessage({ id: 'merchant.resolve.amount' })}
            <input
              className={inputClass}
              inputMode="decimal"
              value={form.amount}
              onChange={(event) => set({ amount: event.target.value })}
              required
              autoComplete="off"
            />
          </label>
        )}
        <label className="block text-sm font-medium text-gray-900">
          {formatMessage({ id: 'merchant.resolve.why' })}
          <textarea
            className={inputClass}
            rows={3}
            value={form.note}
            onChange={(event) => set({ note: event.target.value })}
            required
          />
        </label>
        {shown && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            {shown}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={props.onCancel} disabled={resolve.isPending}>
            {formatMessage({ id: 'my-bills.add.cancel' })}
          </button>
          <button
            type="submit"
            disabled={resolve.isPending}
            aria-busy={resolve.isPending}
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
          >
            {formatMessage({ id: resolve.isPending ? 'merchant.resolve.saving' : 'merchant.resolve.submit' })}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
