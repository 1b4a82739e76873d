import { type ReactNode, useId } from 'react';
import { BusyButton } from '../form/busy-button.tsx';
import { ModalDialog } from './modal-dialog.tsx';

interface ConfirmDialogProps {
  /** The question, naming what would change: 'Remove Home from My Bills?'. */
  title: string;
  /** What happens if the customer goes ahead, and what stays. */
  children: ReactNode;
  /** The button that goes ahead, named as the action ('Remove'), never a bare 'OK'. */
  confirmLabel: string;
  /** The button that changes nothing ('Keep it'); Escape does the same. */
  keepLabel: string;
  /** True while the change's call runs: the confirm button is busy and neither can be pressed twice. */
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before a change that cannot simply be undone (removing a bill, cancelling AutoPay). Mount it to
 * open it; the focus starts on the button that keeps things as they are, so a second tap on the same
 * spot, or Enter, changes nothing.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  keepLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <div className="text-gray-700">{children}</div>
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the dialog's safe choice takes the focus, as a native confirm's does.
            autoFocus
            disabled={busy}
            onClick={onClose}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {keepLabel}
          </button>
          <BusyButton
            busy={busy}
            onClick={onConfirm}
            className="inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          >
            {confirmLabel}
          </BusyButton>
        </div>
      </div>
    </ModalDialog>
  );
}
