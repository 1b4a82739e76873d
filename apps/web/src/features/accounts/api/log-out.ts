import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { forgetSavedReceipts } from '../../../lib/saved-receipts-cache.ts';
import { clearSession } from '../../../lib/session.ts';
import { accountKeys } from './keys.ts';

/** `POST /api/users/logout`: revokes this session's token on the server. */
export const logOut = () => authApi.post('/users/logout');

/**
 * Logout as the spec has it (both stored records go, then /login), plus revoking the token and
 * deleting the receipts saved for offline (decision 081); a failed revoke is only logged, the user is
 * logged out here either way.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    logOut().catch((error: unknown) => console.warn('Could not revoke the session', error));
    clearSession();
    void forgetSavedReceipts();
    queryClient.removeQueries({ queryKey: accountKeys.all });
    navigate(paths.login);
  };
}
