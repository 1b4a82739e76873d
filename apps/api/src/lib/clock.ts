/**
 * The time the api acts on: what is due (jobs, reminders, bill checks) and what a bill's state is
 * today. Production reads the system clock; a process started with TEST_CLOCK=true reads one that
 * tests move forward (`POST /__test/clock`) instead of waiting days (decision 073).
 */
export interface Clock {
  now(): Date;
  /** How far this clock is ahead of the system's (0 in production); SQL adds it to `now()`. */
  offsetMs(): number;
}

export const systemClock: Clock = { now: () => new Date(), offsetMs: () => 0 };

export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
