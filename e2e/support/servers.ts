import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtEntry } from '../../scripts/build.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Until `url` answers 200. Three minutes: a fresh api on a machine shared by several test runs (load 20 on
 * 2 cores) took 90 s to answer its first health check, and 60 s failed whole e2e runs before any journey.
 */
export async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

/** The account the merchant journeys sign up with: the api makes it a merchant (MERCHANT_EMAILS). */
export const E2E_MERCHANT_EMAIL = 'merchant-e2e@example.com';
/** A second merchant account, for the accessibility sweep of the dashboard (never the journeys' one). */
export const E2E_ACCESSIBILITY_MERCHANT_EMAIL = 'merchant-a11y-e2e@example.com';
/** A third, for the weak-network checks of the dashboard. */
export const E2E_WEAK_NETWORK_MERCHANT_EMAIL = 'merchant-weak-e2e@example.com';

export interface RunningSystem {
  apiUrl: string;
  sandboxUrl: string;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
  restartApi(): Promise<void>;
  /** Kills the api at once (SIGKILL: no graceful shutdown), as a crash or an OOM kill would. */
  killApi(): Promise<void>;
  /** Starts the api again on the same DATA_DIR (after `killApi` or `stopApi`). */
  startApi(): Promise<void>;
  /** Stops the api gracefully, leaving the sandbox running (e.g. to read the database afterwards). */
  stopApi(): Promise<void>;
  /** The running api's process id (the bench reads its CPU time). */
  apiPid(): number | undefined;
}

/**
 * The server's compiled release (decision 131), as `npm start` runs it, built before the suite by
 * `build-servers.ts`; Node itself, so signals reach the server.
 */
export function startChild(name: 'api' | 'sandbox', env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, builtEntry(name), {
    cwd: root,
    env: { ...process.env, ...env },
    // E2E_LOG_LEVEL=info (or debug) shows the servers' own log beside the tests', to read a failure.
    // The IPC channel is how the server knows this test process is gone (killed, say): it closes,
    // and the server stops (apps/*/src/server.ts) instead of living on with its ports and database.
    stdio: ['ignore', process.env.E2E_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  // The channel must not keep this process alive on its own.
  child.channel?.unref();
  return child;
}

export async function stopChild(
  child: ChildProcess,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
    // Past the api's own SHUTDOWN_GRACE_MS (20 s), which ends a graceful stop by itself.
    setTimeout(() => child.kill('SIGKILL'), 25_000).unref();
  });
}

/** The settings every system's processes share: its ports, its database directory and `extraEnv` over quiet defaults. */
export async function systemSettings(extraEnv: Record<string, string> = {}) {
  const [apiPort, sandboxPort, smtpPort, metricsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dataDir = mkdtempSync(join(tmpdir(), 'erti-e2e-'));
  const apiUrl = `http://localhost:${apiPort}`;
  const sandboxUrl = `http://localhost:${sandboxPort}`;
  const env: Record<string, string> = {
    PORT: String(apiPort),
    // Its own, so that several systems (and a developer's `npm start`) run side by side (decision 067).
    METRICS_PORT: String(metricsPort),
    PUBLIC_URL: apiUrl,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_URL: sandboxUrl,
    SANDBOX_PUBLIC_URL: sandboxUrl,
    SANDBOX_SMTP_PORT: String(smtpPort),
    SMTP_PORT: String(smtpPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    JOB_POLL_MS: '500',
    RATE_LIMIT_PER_MINUTE: '100000',
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
    OTP_MAILS_PER_ADDRESS_PER_HOUR: '100000',
    MERCHANT_EMAILS: [
      E2E_MERCHANT_EMAIL,
      E2E_ACCESSIBILITY_MERCHANT_EMAIL,
      E2E_WEAK_NETWORK_MERCHANT_EMAIL,
    ].join(','),
    ...extraEnv,
  };
  return { apiPort, apiUrl, sandboxUrl, dataDir, env };
}

/** Starts the sandbox and the api (serving the built web app) on free ports with a fresh database. */
export async function startSystem(extraEnv: Record<string, string> = {}): Promise<RunningSystem> {
  const { apiUrl, sandboxUrl, dataDir, env } = await systemSettings(extraEnv);
  const sandbox = startChild('sandbox', env);
  await waitFor(`${sandboxUrl}/health`);
  let api = startChild('api', env);
  await waitFor(`${apiUrl}/api/health`);
  return {
    apiUrl,
    sandboxUrl,
    dataDir,
    env,
    async restartApi() {
      await stopChild(api);
      api = startChild('api', env);
      await waitFor(`${apiUrl}/api/health`);
    },
    killApi: () => stopChild(api, 'SIGKILL'),
    async startApi() {
      if (api.exitCode === null && api.signalCode === null) return;
      api = startChild('api', env);
      await waitFor(`${apiUrl}/api/health`);
    },
    stopApi: () => stopChild(api),
    apiPid: () => api.pid,
    async stop() {
      await stopChild(api);
      await stopChild(sandbox);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
