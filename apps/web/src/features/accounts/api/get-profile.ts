import type { UserProfile } from '@erti/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, authApi } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';
import { useSession } from '../../../lib/use-session.ts';
import { accountKeys } from './keys.ts';

/** `GET /api/users/profile/{UserId}` with the Bearer token. */
export const getProfile = (userId: string) =>
  authApi.get<UserProfile>(`/users/profile/${encodeURIComponent(userId)}`);

export const profileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: accountKeys.profile(userId), queryFn: () => getProfile(userId), retry: false });

/**
 * The signed-in user's profile; nothing is asked for a visitor. A 401 means the stored session is
 * stale (token expired, logged out elsewhere, account deleted): it is cleared, so the site shows
 * the logged-out state instead of a session that no longer works.
 */
export function useProfile() {
  const userId = useSession()?.UserId ?? '';
  const query = useQuery({ ...profileQueryOptions(userId), enabled: userId !== '' });
  const stale = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (stale) clearSession();
  }, [stale]);
  return query;
}
