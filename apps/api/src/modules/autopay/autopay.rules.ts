import type { MandateState } from '../../integrations/mandate-gateway.ts';
import { eMandateLimitPaise } from '../../integrations/mandate-gateway.ts';
import type { MandateStatus } from './autopay.repository.ts';

/**
 * The pure rules of AutoPay (decision 079): when a bill's debit falls, when its notice goes out,
 * whether it may be debited automatically at all, and what a gateway's mandate state means here.
 */

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** A debit falls at this hour, India time, on its day: early, so the bill is paid that day. */
export const DEBIT_HOUR_IST = 10;
/**
 * The notice goes out this long before the debit: RBI's 24 hours and an hour to spare, and well
 * inside PhonePe's 48 hours from notice to the last retry.
 */
export const NOTICE_LEAD_MS = 25 * 3_600_000;

/**
 * When the debit of a bill due on `dueDate` (YYYY-MM-DD, India) falls: `daysBefore` days before it at
 * DEBIT_HOUR_IST, or as soon as the notice allows when that is past. Undefined for an unreadable date.
 */
export function debitTimeOf(dueDate: string, daysBefore: number, now: Date): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  if (!match) return undefined;
  const due = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(due)) return undefined;
  const at = due - daysBefore * DAY_MS + DEBIT_HOUR_IST * 3_600_000 - IST_OFFSET_MS;
  return new Date(Math.max(at, now.getTime() + NOTICE_LEAD_MS));
}

/** When the notice of a debit at `debitAt` is sent (now, if that is already past). */
export const noticeTimeOf = (debitAt: Date, now: Date): Date =>
  new Date(Math.max(debitAt.getTime() - NOTICE_LEAD_MS, now.getTime()));

/** Why a bill is not debited automatically but mailed for the customer's approval, if it is not. */
export function approvalNeeded(
  amountPaise: number,
  capPaise: number,
  billerCategory: string,
): 'above-cap' | 'above-rbi-limit' | undefined {
  if (amountPaise > capPaise) return 'above-cap';
  if (amountPaise > eMandateLimitPaise(billerCategory)) return 'above-rbi-limit';
  return undefined;
}

/**
 * Our status for the gateway's word on a mandate. Ended at the gateway (revoked, cancelled, expired)
 * shows as cancelled; a mandate we paused stays paused while the gateway says it is active.
 */
export function mandateStatusOf(state: MandateState, ours: MandateStatus): MandateStatus {
  switch (state) {
    case 'PENDING':
      return ours === 'pending' ? 'pending' : ours;
    case 'ACTIVE':
      return ours === 'paused' ? 'paused' : 'on';
    case 'PAUSED':
      return 'paused';
    case 'FAILED':
      return ours === 'pending' ? 'failed' : 'cancelled';
    default:
      return 'cancelled';
  }
}
