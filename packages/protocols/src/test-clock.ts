import { z } from 'zod';

/**
 * `POST /__test/clock` (and the sandbox network's `/bou/_sandbox/clock`): how far to move a test
 * clock forward, at most a year. The api and the sandbox take the same body (decision 073).
 */
export const testClockChangeSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
});

export const TEST_CLOCK_CHANGE_PROBLEM = 'advanceMs must be a whole number of milliseconds, 0 or more';
