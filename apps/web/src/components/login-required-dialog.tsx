import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { ModalDialog } from './layout/modal-dialog.tsx';

interface LoginRequiredDialogProps {
  /** Why logging in helps here, under the title 'Please login to continue'. */
  message: string;
  /** The path the person comes back to after logging in. */
  from: string;
  onClose: () => void;
}

/**
 * The login-required popup of spec section 8: Login goes to /login?from={the page to come back to}.
 * Mount it to open it; Cancel, Escape and leaving the page close it. The spec calls Login a button,
 * so it is one (it navigates, rather than being a link that looks like a button).
 */
export function LoginRequiredDialog({ message, from, onClose }: LoginRequiredDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const { formatMessage } = useIntl();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {formatMessage({ id: 'spec.validation.loginToContinue' })}
        </h2>
        <p className="text-gray-700">{message}</p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {formatMessage({ id: 'app.loginPrompt.cancel' })}
          </button>
          <button
            type="button"
            onClick={() => navigate(paths.loginFrom(from))}
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {formatMessage({ id: 'app.loginPrompt.login' })}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
