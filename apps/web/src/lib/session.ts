import type { SigninResponse } from '@erti/contracts';
import { SESSION_STORAGE_KEY, USER_DATA_STORAGE_KEY } from '@erti/contracts/constants';
import { markLanguageUnsaved } from './i18n/device-language.ts';

/** User data kept in local storage ('ertiUserData'): what the payment screens read. */
export interface StoredUserData {
  userName: string;
  email: string;
  phone: string;
  _id?: string;
  name?: string;
}

const SESSION_EVENT = 'erti-session-change';

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The stored sign-in response ('ertiUser'): Token, UserId and message. */
export const getSession = () => read<SigninResponse>(SESSION_STORAGE_KEY);
export const getUserData = () => read<StoredUserData>(USER_DATA_STORAGE_KEY);

export function saveSession(session: SigninResponse, userData?: StoredUserData): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  if (userData) localStorage.setItem(USER_DATA_STORAGE_KEY, JSON.stringify(userData));
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function saveUserData(userData: StoredUserData): void {
  localStorage.setItem(USER_DATA_STORAGE_KEY, JSON.stringify(userData));
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Logout and account deletion: both stored user records go. */
export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  localStorage.removeItem(USER_DATA_STORAGE_KEY);
  // A language pick this account's profile missed is not sent to the next one's.
  markLanguageUnsaved(undefined);
  // The prerendered page's mark of a stored session (decision 092) goes with it.
  delete document.documentElement.dataset.session;
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Calls `listener` whenever the session changes in this tab or another. */
export function onSessionChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === USER_DATA_STORAGE_KEY) listener();
  };
  window.addEventListener(SESSION_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
