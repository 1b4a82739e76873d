import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'];
/** Tests of the embedded database itself: they open PGlite whatever the project, so they run once. */
const pgliteOnlyTests = ['apps/api/test/data-dir-lock.test.ts', 'apps/api/test/pglite-thread.test.ts'];
/** Tests of the connections to a PostgreSQL server: the embedded database has none. */
const postgresOnlyTests = ['apps/api/test/postgres-pool.test.ts', 'apps/api/test/replicas.test.ts'];

/**
 * Unit and integration tests. The api suite runs on in-memory PGlite and, when TEST_DATABASE_URL
 * is set, once more against that PostgreSQL server (a fresh database per test file).
 */
export default defineConfig({
  test: {
    // Vitest's own default is one worker fewer than the cores: one on the 2-core CI machine, where the
    // suite took 1,403 s; two workers (each test file has its own database) took 534 s.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The benchmarks' own arithmetic; the benchmarks themselves are run by `npm run bench:*`.
        test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' },
      },
      {
        // The operator's files: Prometheus' alert rules through promtool (decision 130).
        test: { name: 'ops', include: ['ops/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'sandbox',
          include: ['apps/sandbox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: ['apps/api/test/fuzz/**', ...postgresOnlyTests],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
          env: { TEST_DB_DRIVER: 'pglite' },
        },
      },
      {
        // Bad input against every operation: the short form here (FUZZ_CASES defaults to 20 per
        // operation); `npm run test:fuzz` runs the long form.
        test: {
          name: 'api-fuzz',
          include: ['apps/api/test/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          env: { TEST_DB_DRIVER: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                exclude: ['apps/api/test/fuzz/**', ...pgliteOnlyTests],
                environment: 'node' as const,
                testTimeout: 30_000,
                hookTimeout: 180_000,
                env: { TEST_DB_DRIVER: 'postgres' },
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A component test types into forms with user-event: slow when the machine is busy.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
