import { SESSION_STORAGE_KEY } from '@erti/contracts/constants';
import { useSyncExternalStore } from 'react';
import { getSession, onSessionChange } from './session.ts';

const snapshot = () => localStorage.getItem(SESSION_STORAGE_KEY);

/**
 * The stored session, re-rendering on login and logout (also in other tabs). Read through the store's
 * snapshot, which is null while a prerendered page hydrates (the server knows no session, decision 092):
 * the signed-in view follows in the next render.
 */
export function useSession() {
  const stored = useSyncExternalStore(onSessionChange, snapshot, () => null);
  return stored === null ? null : getSession();
}
