import { REDIRECT_AFTER_DELETION_MS, SHORT_TOAST_MS } from '@erti/contracts/constants';
import { messages } from '@erti/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { FormField, inputClass } from '../../../components/form/form-field.tsx';
import { useLoginPrompt } from '../../../components/use-login-prompt.tsx';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useSpecText } from '../../../lib/i18n/spec-messages.ts';
import { paths } from '../../../lib/paths.ts';
import { forgetSavedReceipts } from '../../../lib/saved-receipts-cache.ts';
import { clearSession } from '../../../lib/session.ts';
import { useSiteConfig } from '../../../lib/site-config.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { accountKeys } from '../api/keys.ts';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate.ts';
import { linkClass, secondaryButtonClass } from './form-fields.tsx';

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';

/** The spec counts an answer whose message mentions an error as a failure, whatever its status. */
const isFailureMessage = (message: string | undefined) => !message || /error/i.test(message);

/**
 * Delete account: what deletion means, a required feedback, then a confirmation dialog. Success
 * removes the stored records and the receipts saved for offline, then goes to /signup after 1 second;
 * failure keeps the user here. A visitor may read the page; deleting asks them to log in first (the call
 * needs their session).
 */
export function DeleteAccountForm() {
  const session = useSession();
  const siteConfig = useSiteConfig();
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const redirect = useDelayedNavigate();
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const { formatMessage } = useIntl();
  const specText = useSpecText();
  const apiErrorText = useApiErrorText();
  const login = useLoginPrompt(formatMessage({ id: 'accounts.delete.loginPrompt' }));

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    if (!feedback.trim()) return setError(messages.validation.feedbackRequired);
    setError(undefined);
    if (!session) return login.prompt();
    setConfirming(true);
  }

  async function confirmDeletion() {
    const failed = (message: string) => toast.error(message, { autoClose: SHORT_TOAST_MS });
    try {
      const answer = await deleteAccount.mutateAsync({ feedback: feedback.trim() });
      if (isFailureMessage(answer.message))
        return failed(
          answer.message ? specText(answer.message) : formatMessage({ id: 'spec.errors.deletionFailed' }),
        );
      setConfirming(false);
      toast.success(formatMessage({ id: 'accounts.delete.done' }), { autoClose: SHORT_TOAST_MS });
      setFeedback('');
      clearSession();
      void forgetSavedReceipts();
      queryClient.removeQueries({ queryKey: accountKeys.all });
      redirect(paths.signup, REDIRECT_AFTER_DELETION_MS);
    } catch (thrown) {
      failed(apiErrorText(thrown, formatMessage({ id: 'spec.errors.deletionFailed' })));
    }
  }

  const supportEmail = siteConfig.data?.supportEmail;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <div className="rounded-2xl bg-white p-6 shadow-md sm:p-8">
        <h1 className="text-2xl font-bold text-red-700">{formatMessage({ id: 'accounts.delete.title' })}</h1>
        <div className="mt-4 space-y-3 text-gray-700">
          <p>{formatMessage({ id: 'accounts.delete.permanent' })}</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>{formatMessage({ id: 'accounts.delete.dataRemoved' })}</li>
            <li>{formatMessage({ id: 'accounts.delete.profileHidden' })}</li>
            <li>{formatMessage({ id: 'accounts.delete.accessLost' })}</li>
            <li>{formatMessage({ id: 'accounts.delete.recordsKept' })}</li>
          </ul>
          <p>
            {formatMessage(
              { id: 'accounts.delete.problem' },
              {
                contact: (chunks) => (
                  <Link to={paths.contact} className={linkClass}>
                    {chunks}
                  </Link>
                ),
              },
            )}
            {supportEmail && (
              <>
                {' '}
                {formatMessage(
                  { id: 'accounts.delete.writeTo' },
                  {
                    email: (
                      <a href={`mailto:${supportEmail}`} className={linkClass}>
                        {supportEmail}
                      </a>
                    ),
                  },
                )}
              </>
            )}
          </p>
        </div>
        <form noValidate onSubmit={askToConfirm} className="mt-6">
          <FormField label={formatMessage({ id: 'accounts.delete.why' })} error={error} announceError>
            {(control) => (
              <textarea
                {...control}
                value={feedback}
                rows={4}
                maxLength={2000}
                required
                placeholder={formatMessage({ id: 'spec.placeholders.deletionFeedback' })}
                onChange={(event) => {
                  setFeedback(event.target.value);
                  setError(undefined);
                }}
                className={inputClass}
              />
            )}
          </FormField>
          <button type="submit" className={`${dangerButtonClass} mt-4 w-full`}>
            {formatMessage({ id: 'accounts.delete.submit' })}
          </button>
        </form>
      </div>
      <ConfirmDeletionDialog
        open={confirming}
        busy={deleteAccount.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDeletion()}
      />
      {login.dialog}
    </section>
  );
}

interface ConfirmDeletionDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A modal <dialog>: focus stays inside, Escape or Cancel closes it (not while deleting). */
function ConfirmDeletionDialog({ open, busy, onCancel, onConfirm }: ConfirmDeletionDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const { formatMessage } = useIntl();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClose={() => {
        if (open && !busy) onCancel();
      }}
      className="m-auto w-full max-w-md rounded-xl p-6 shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-gray-900">
        {formatMessage({ id: 'accounts.delete.confirmTitle' })}
      </h2>
      <p id={textId} className="mt-2 text-gray-700">
        {formatMessage({ id: 'accounts.delete.confirmText' })}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} disabled={busy} className={secondaryButtonClass}>
          {formatMessage({ id: 'app.loginPrompt.cancel' })}
        </button>
        <BusyButton busy={busy} onClick={onConfirm} className={dangerButtonClass}>
          {formatMessage({ id: busy ? 'accounts.delete.deleting' : 'accounts.delete.confirm' })}
        </BusyButton>
      </div>
    </dialog>
  );
}
