import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';

/** sessionStorage (this tab only) keeps what is being paid across the login round trip. */
const STORAGE_KEY = 'ertiPaymentSelection';

function isPaymentSelection(value: unknown): value is PaymentSelectionState {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<PaymentSelectionState>;
  return typeof candidate.biller?.billerName === 'string' && candidate.amount !== undefined;
}

/**
 * The payment the user is about to make: from navigation state when present (and remembered),
 * else the one remembered in this tab, else null.
 */
export function resolvePaymentSelection(navigationState: unknown): PaymentSelectionState | null {
  if (isPaymentSelection(navigationState)) {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(navigationState));
    return navigationState;
  }
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return isPaymentSelection(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Forget the remembered payment once it has been handed to a gateway. */
export function forgetPaymentSelection(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
