import type { Executor } from '../../db/client.ts';
import { addFailure, clearFailures, readFailures } from './failure-counters.repository.ts';

/** A failure counter: at most `max` failures in a fixed window of `windowSeconds`. */
export interface FailureCounter {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Failure limits kept in the database, so every api replica counts together. A counter is
 * locked once it holds `max` failures in its current window.
 */
export const failureLimiter = {
  /** Seconds until every locked counter of `counters` opens again; 0 when none is locked. */
  async lockedForSeconds(executor: Executor, counters: FailureCounter[], now: Date) {
    let seconds = 0;
    for (const { key, max, windowSeconds } of counters) {
      const counter = await readFailures(executor, key, windowSeconds, now);
      if (!counter || counter.failures < max) continue;
      const opensAt = counter.windowStart.getTime() + windowSeconds * 1000;
      seconds = Math.max(seconds, Math.ceil((opensAt - now.getTime()) / 1000));
    }
    return seconds;
  },

  async recordFailure(executor: Executor, counters: FailureCounter[], now: Date) {
    for (const { key, windowSeconds } of counters) await addFailure(executor, key, windowSeconds, now);
  },

  clear: (executor: Executor, counters: FailureCounter[]) =>
    clearFailures(
      executor,
      counters.map((counter) => counter.key),
    ),
};

/** Whole minutes for a lock message, never "0 minutes". */
export const minutesFrom = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
