import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { builtEntry } from '../../scripts/build.mjs';
import { type RunningSystem, startSystem, stopChild, systemSettings } from '../support/servers.ts';

/**
 * Issue 41 item 1 (decision 131): the servers run as plain JavaScript from `apps/<app>/dist`, built before
 * the suite, with no TypeScript loader (every journey's system runs the build too). These check what the
 * journeys cannot see: a stack trace names the TypeScript line, and the operator's cli runs built.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
let api: ChildProcess | undefined;
let system: RunningSystem | undefined;
afterAll(async () => {
  if (api) await stopChild(api);
  await system?.stop();
});

/** The first log line of `child` (pino's JSON on stdout) that holds an error, with its stack. */
function firstErrorLogged(child: ChildProcess): Promise<{ stack: string }> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const err = (JSON.parse(line) as { err?: { stack?: string } }).err;
        if (err?.stack) resolve({ stack: err.stack });
      }
    });
    child.once('exit', (code) => reject(new Error(`the built api exited (${code}) before logging an error`)));
  });
}

describe('the compiled release', () => {
  it("names the TypeScript file and line of an error's every frame of ours", async () => {
    // No sandbox on SANDBOX_URL's port: the bill network is unreachable, and the api logs that error's stack.
    const { env } = await systemSettings({ LOG_LEVEL: 'warn', METRICS_PORT: '0' });
    api = spawn(process.execPath, builtEntry('api'), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const { stack } = await firstErrorLogged(api);

    const frames = [...stack.matchAll(/\((\/[^)]+):(\d+):\d+\)/g)].map(([, file = '', line = '']) => ({
      file,
      line: Number(line),
    }));
    const ours = frames.filter((frame) => !frame.file.includes('/node_modules/'));
    expect(ours.length).toBeGreaterThan(0);
    expect(stack).not.toContain('/dist/');
    for (const frame of ours) expect(frame.file).toMatch(/\/apps\/api\/src\/.+\.ts$/);
    // The first frame is where the error was made: that line of the .ts file makes it.
    const [where] = ours;
    const line = readFileSync(where?.file ?? '', 'utf8').split('\n')[(where?.line ?? 0) - 1];
    expect(line).toMatch(/new \w*Error\(/);
  });

  it("runs the operator's cli built, through the running server", async () => {
    system = await startSystem({ WEB_DIST_DIR: inject('webDist') });
    const run = (args: string[]) =>
      spawnSync(process.execPath, [...builtEntry('api', 'cli'), ...args], {
        cwd: root,
        env: { ...process.env, ...system?.env },
        encoding: 'utf8',
      });
    const unknown = run(['no-such-command']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('grant-merchant EMAIL');
    // The server holds the embedded database: the command runs there, and finds no such account.
    const granted = run(['grant-merchant', 'nobody-yet@example.com']);
    expect(granted.stderr).toContain('No account uses nobody-yet@example.com');
    expect(granted.status).toBe(1);
  });
});
