import type { ReactNode } from 'react';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { submitButtonClass } from './styles.ts';

/** A complaint form's submit button: disabled and marked busy, with a spinner, while its call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" aria-busy={busy} disabled={busy} className={submitButtonClass}>
      {busy && <Spinner decorative />}
      {children}
    </button>
  );
}
