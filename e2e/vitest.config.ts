import { defineConfig } from 'vitest/config';

/** End-to-end journeys in real Chromium against the real api, sandbox and database. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/tests/**/*.spec.ts'],
    globalSetup: ['e2e/support/build-servers.ts', 'e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
