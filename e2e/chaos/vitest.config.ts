import { defineConfig } from 'vitest/config';

/**
 * The chaos suite: payments through a real api and sandbox (child processes) under injected faults
 * and api crashes. `CHAOS_PAYMENTS` sets the size (1,000 by default; CI runs 60).
 */
export default defineConfig({
  test: {
    name: 'chaos',
    root: '.',
    include: ['e2e/chaos/**/*.test.ts'],
    globalSetup: ['e2e/support/build-servers.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
