import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from '../layout/spinner.tsx';

type BusyButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-busy'> & {
  busy: boolean;
  type?: 'button' | 'submit';
};

/** A button that, while its call runs, is disabled and marked busy, with a spinner before its label. */
export function BusyButton({ busy, children, disabled, type = 'button', ...buttonProps }: BusyButtonProps) {
  return (
    <button {...buttonProps} type={type} aria-busy={busy} disabled={busy || disabled}>
      {busy && <Spinner decorative />}
      {children}
    </button>
  );
}
