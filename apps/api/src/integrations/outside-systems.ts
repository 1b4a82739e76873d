import {
  OUTSIDE_SYSTEMS,
  type OutsideSystem,
  type OutsideSystemReport,
  type OutsideSystemState,
  type OutsideSystemsReport,
} from '@erti/contracts';
import type { OutsideCallRecorder } from './outside-calls.ts';

/**
 * Calls in a row that could not be made before a system counts as down: one timeout or 5xx is a blip
 * that a retry gets past; a second, straight after (the bill network's probe asks at once), is not.
 */
export const DOWN_AFTER_FAILED_CALLS = 2;

interface Tracked extends OutsideSystemReport {
  failedInRow: number;
}

/** Told when a system goes up or down, and when a call to one fails while it still counts as up. */
export interface OutsideSystemListener {
  changed?(system: OutsideSystem, report: OutsideSystemReport, was: OutsideSystemState): void;
  /** A first failed call: worth asking again at once rather than waiting for more traffic. */
  doubted?(system: OutsideSystem): void;
}

/**
 * Each outside system's state as this replica sees it from its own calls (decision 110): the answers
 * of customers' calls and of the bill network's probe. Per process and in memory: a replica reports
 * what it meets, and a restart starts from `unknown`.
 */
export function createOutsideSystems(now: () => Date = () => new Date()) {
  const tracked = new Map<OutsideSystem, Tracked>(
    OUTSIDE_SYSTEMS.map((system) => [
      system,
      { state: 'unknown', since: null, lastCallAt: null, lastOutcome: null, failedInRow: 0 },
    ]),
  );
  const listeners: OutsideSystemListener[] = [];

  const reportOf = ({ failedInRow: _, ...report }: Tracked): OutsideSystemReport => report;

  function moveTo(system: OutsideSystem, entry: Tracked, state: 'up' | 'down', at: string): void {
    const was = entry.state;
    if (was === state) return;
    entry.state = state;
    entry.since = at;
    for (const listener of listeners) listener.changed?.(system, reportOf(entry), was);
  }

  /** A recorder of outside calls: each outcome moves its system's state. */
  const record: OutsideCallRecorder = (system, outcome) => {
    const entry = tracked.get(system);
    if (!entry) return;
    const at = now().toISOString();
    entry.lastCallAt = at;
    entry.lastOutcome = outcome;
    // A refusal is an answer: the system is there, our request is what it would not take.
    if (outcome !== 'unavailable') {
      entry.failedInRow = 0;
      return moveTo(system, entry, 'up', at);
    }
    entry.failedInRow += 1;
    if (entry.failedInRow >= DOWN_AFTER_FAILED_CALLS) return moveTo(system, entry, 'down', at);
    for (const listener of listeners) listener.doubted?.(system);
  };

  return {
    record,
    report: (system: OutsideSystem): OutsideSystemReport => reportOf(tracked.get(system) as Tracked),
    reports: (): OutsideSystemsReport =>
      Object.fromEntries(
        OUTSIDE_SYSTEMS.map((system) => [system, reportOf(tracked.get(system) as Tracked)]),
      ) as OutsideSystemsReport,
    listen(listener: OutsideSystemListener): () => void {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
}

export type OutsideSystems = ReturnType<typeof createOutsideSystems>;
