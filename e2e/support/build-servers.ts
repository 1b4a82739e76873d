import { buildServers } from '../../scripts/build.mjs';

/**
 * The suites run the servers' compiled release, as production does (decision 131): built here once, before
 * any test's time limit starts, and only when a source changed since the last build.
 */
export async function setup() {
  await buildServers({ ifStale: true });
}
