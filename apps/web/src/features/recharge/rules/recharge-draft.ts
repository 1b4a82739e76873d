/**
 * What a logged-out person typed in the recharge form, kept in this tab across the login round trip
 * so they do not type it again.
 */
export interface RechargeDraft {
  mobileNumber: string;
  operatorId: string;
  circle: string;
  amount: string;
}

const DRAFT_KEY = 'ertiRechargeDraft';

export function saveRechargeDraft(draft: RechargeDraft): void {
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
}

const isText = (value: unknown): value is string => typeof value === 'string';

export function readRechargeDraft(): RechargeDraft | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { mobileNumber, operatorId, circle, amount } = value as Record<string, unknown>;
    if (![mobileNumber, operatorId, circle, amount].every(isText)) return null;
    return { mobileNumber, operatorId, circle, amount } as RechargeDraft;
  } catch {
    return null;
  }
}

export function forgetRechargeDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY);
}
