import { BRAND } from '@erti/contracts/constants';
import { messages } from '@erti/contracts/messages';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from '../lib/toast.ts';
import { LoginRequiredDialog } from './login-required-dialog.tsx';

/**
 * Spec section 8, not logged in when paying: `prompt()` shows the warning 'Please login to continue'
 * and opens the login popup, whose Login brings the person back to this page. Render `dialog`.
 *
 * @param message why logging in helps here, shown in the popup under its title
 */
export function useLoginPrompt(message = `Log in to your ${BRAND} account and we will bring you back here.`) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const prompt = () => {
    toast.warning(messages.validation.loginToContinue);
    setOpen(true);
  };
  const dialog = open ? (
    <LoginRequiredDialog
      message={message}
      from={location.pathname + location.search}
      onClose={() => setOpen(false)}
    />
  ) : null;
  return { prompt, dialog };
}
