import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { toast } from '../lib/toast.ts';
import { LoginRequiredDialog } from './login-required-dialog.tsx';

/**
 * Spec section 8, not logged in when paying: `prompt()` shows the warning 'Please login to continue'
 * and opens the login popup, whose Login brings the person back to this page. Render `dialog`.
 *
 * @param message why logging in helps here, shown in the popup under its title (in the site's
 *   language; a general line by default)
 */
export function useLoginPrompt(message?: string) {
  const location = useLocation();
  const { formatMessage } = useIntl();
  const [open, setOpen] = useState(false);
  const prompt = () => {
    toast.warning(formatMessage({ id: 'spec.validation.loginToContinue' }));
    setOpen(true);
  };
  const dialog = open ? (
    <LoginRequiredDialog
      message={message ?? formatMessage({ id: 'app.loginPrompt.message' })}
      from={location.pathname + location.search}
      onClose={() => setOpen(false)}
    />
  ) : null;
  return { prompt, dialog };
}
