import { DUE_SOON_DAYS, type MyBillState } from '@erti/contracts';
import { atIndiaHour } from '@erti/contracts/india-time';
import type { ReminderKind } from './my-bills.repository.ts';

/**
 * The pure rules of My Bills: a bill's state on a day, when its reminders are due and when its next
 * check runs. Days are calendar days in India, where the network dates bills.
 */

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD day, or undefined for a date the network wrote some other way. */
function dayStart(day: string): number | undefined {
  const match = DAY_PATTERN.exec(day);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? undefined : time;
}

/** Whole days from `today` to `dueDate` (negative once past), or undefined for an unreadable date. */
export function daysUntil(dueDate: string, today: string): number | undefined {
  const due = dayStart(dueDate);
  const start = dayStart(today);
  if (due === undefined || start === undefined) return undefined;
  return Math.round((due - start) / DAY_MS);
}

/** The state shown for an entry: its bill's payment first, then how near the due date is. */
export function stateOf(
  entry: { presentment: 'bill' | 'no-bill' | null; billDueDate: string | null },
  payment: 'paid' | 'paying' | undefined,
  today: string,
): MyBillState {
  if (entry.presentment !== 'bill' || !entry.billDueDate) return 'no-bill';
  if (payment === 'paid') return 'paid';
  const days = daysUntil(entry.billDueDate, today);
  if (days === undefined) return 'due';
  if (days < 0) return 'overdue';
  return days <= DUE_SOON_DAYS ? 'due-soon' : 'due';
}

/** The reminders of a bill by the due date: days from the due date, sent at the reminder hour. */
const TIMED_REMINDERS: { kind: Exclude<ReminderKind, 'new'>; dayOffset: number }[] = [
  { kind: 'due-in-3-days', dayOffset: -3 },
  { kind: 'due-tomorrow', dayOffset: -1 },
  { kind: 'overdue', dayOffset: 1 },
];

/**
 * When each reminder of a bill found at `foundAt` is due: the new-bill mail at once, then those by
 * the due date that are still ahead (a bill found two days before its due date gets no "3 days" mail).
 * A due date that cannot be read gets the new-bill mail only.
 */
export function reminderTimes(
  dueDate: string,
  foundAt: Date,
  reminderHourIst: number,
): { kind: ReminderKind; at: Date }[] {
  const due = dayStart(dueDate);
  const times: { kind: ReminderKind; at: Date }[] = [{ kind: 'new', at: foundAt }];
  if (due === undefined) return times;
  for (const { kind, dayOffset } of TIMED_REMINDERS) {
    const at = atIndiaHour(due, reminderHourIst, dayOffset);
    if (at > foundAt) times.push({ kind, at });
  }
  return times;
}

/** A tenth of the interval either way, so that bills added together are not all checked together. */
export const CHECK_JITTER = 0.1;

/** How long until the next check: `hours`, jittered by up to a tenth either way (`random` in [0, 1)). */
export function nextCheckDelayMs(hours: number, random: () => number = Math.random): number {
  const base = hours * 3_600_000;
  return Math.round(base * (1 - CHECK_JITTER + 2 * CHECK_JITTER * random()));
}
