import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { type RunningSystem, startSystem } from './servers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    sandboxUrl: string;
    /**
     * The web app built for this run and served by the shared system: a journey may start a system of
     * its own on it, or publish a new release of a file in it.
     */
    webDist: string;
  }
}

let system: RunningSystem | undefined;
let webDist: string | undefined;

/**
 * Builds the web app into a directory of this run's own and starts one shared system for every
 * journey. (A shared apps/web/dist would be rebuilt under a running api by any other build, whose
 * static routes only know the files present when it started.)
 */
export async function setup(project: TestProject) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  webDist = mkdtempSync(join(tmpdir(), 'erti-e2e-web-'));
  execFileSync('npm', ['run', 'build', '-w', '@erti/web', '--', '--outDir', webDist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
    // The build users get: vitest sets NODE_ENV=test, which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  system = await startSystem({ WEB_DIST_DIR: webDist });
  project.provide('apiUrl', system.apiUrl);
  project.provide('sandboxUrl', system.sandboxUrl);
  project.provide('webDist', webDist);
}

export async function teardown() {
  await system?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
}
