import { SESSION_STORAGE_KEY } from '@erti/contracts/constants';
import { useSyncExternalStore } from 'react';
import { getSession, onSessionChange } from './session.ts';

const snapshot = () => localStorage.getItem(SESSION_STORAGE_KEY);

/** The stored session, re-rendering on login and logout (also in other tabs). */
export function useSession() {
  useSyncExternalStore(onSessionChange, snapshot, () => null);
  return getSession();
}
