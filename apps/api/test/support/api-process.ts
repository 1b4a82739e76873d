import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { buildSandbox, type Sandbox } from '../../../sandbox/src/app.ts';
import { sandboxConfigFor } from '../../../sandbox/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';

/**
 * The api as a real process (`node --import tsx apps/api/src/server.ts`, as the e2e and chaos
 * suites start it), for what only a process shows: signals, its exit code, its listening socket.
 */

const root = fileURLToPath(new URL('../../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The sandbox in this process, over real HTTP and SMTP, so that a test sets its faults and reads its
 * mail; `gatewayEnv`: the gateways' settings (the api's names), by default the shared test credentials.
 */
export async function startSandbox(gatewayEnv: Record<string, string> = {}): Promise<{
  sandbox: Sandbox;
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const config = sandboxConfigFor({
    publicUrl: 'http://127.0.0.1:0',
    apiUrl: 'http://127.0.0.1:0',
    env: gatewayEnv,
  });
  const sandbox = await buildSandbox(config);
  const smtpPort = await sandbox.mailbox.listen(0);
  await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  const address = sandbox.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;
  return {
    sandbox,
    env: { SANDBOX_URL: url, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) },
    close: async () => {
      await sandbox.app.close();
      await sandbox.mailbox.close();
    },
  };
}

/**
 * A database of its own for one api process: a PGlite directory, or a new database on the
 * TEST_DATABASE_URL server in the `api-postgres` project. `open` reads it once the process is gone.
 */
export async function databaseForProcess(): Promise<{
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'erti-api-process-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `erti_process_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const asServer = async (query: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(query).finally(() => admin.end());
  };
  await asServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString(), dataDir: '' }),
    remove: () => asServer(`drop database if exists ${name} with (force)`),
  };
}

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Its log lines so far (pino's JSON, one object a line). */
  logs: { msg?: string; level?: number }[];
  /** How it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Waits until `GET /api/health/ready` answers 200, or with `live` until `/api/health/live` does: once
   * it listens, its database open and migrated, without waiting for the catalogue.
   */
  ready(timeoutMs?: number, check?: 'ready' | 'live'): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the api on a free port with `env` (the database and sandbox settings) over quiet defaults. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      OTP_MAILS_PER_ADDRESS_PER_HOUR: '100000',
      ...env,
    },
    // As the e2e suite starts it: over an IPC channel, so that it stops when this test process is gone.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  child.channel?.unref();
  const logs: ApiProcess['logs'] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    url,
    port,
    child,
    logs,
    exited,
    async ready(timeoutMs = 90_000, check = 'ready') {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}`);
        const status = await fetch(`${url}/api/health/${check}`).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the api at ${url} was not ${check} within ${timeoutMs} ms`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Signs a customer up through a running api, reading the OTP from the sandbox mailbox; answers the bearer headers. */
export async function signUpThroughProcess(
  api: ApiProcess,
  sandbox: Awaited<ReturnType<typeof startSandbox>>,
  label: string,
): Promise<{ email: string; headers: Record<string, string> }> {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${api.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const expectOk = async (response: Promise<Response>) => {
    const answer = await response;
    if (!answer.ok) throw new Error(`${answer.url} answered ${answer.status}: ${await answer.text()}`);
    return answer;
  };
  await expectOk(post('/users/otp', { email, purpose: 'signup' }));
  const OTP = await vi.waitFor(
    () => {
      const code = sandbox.sandbox.mailbox.list(email)[0]?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error('no OTP mail yet');
      return code;
    },
    { timeout: 10_000 },
  );
  await expectOk(post('/users/verify', { email, OTP }));
  const created = await expectOk(
    post('/users/', { name: 'Asha Rao', email, phone: '9876543210', password: 'Secret123' }),
  );
  const { Token } = (await created.json()) as { Token: string };
  return { email, headers: { authorization: `Bearer ${Token}` } };
}

/**
 * The hooks of a test file whose tests start api processes: one sandbox for the file (with
 * `sandboxGatewayEnv`, see startSandbox), and each test's api process and database, started by
 * `start`, removed after it.
 */
export function apiProcesses(sandboxGatewayEnv: Record<string, string> = {}) {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let api: ApiProcess | undefined;
  let database: Awaited<ReturnType<typeof databaseForProcess>> | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(sandboxGatewayEnv);
  });
  afterEach(async () => {
    sandbox?.sandbox.faults.clear();
    await api?.stop();
    await database?.remove();
    api = undefined;
    database = undefined;
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const started = <T>(part: T | undefined, name: string): T => {
    if (!part) throw new Error(`no ${name}: start one first`);
    return part;
  };
  return {
    get sandbox() {
      return started(sandbox, 'sandbox');
    },
    get api() {
      return started(api, 'api process');
    },
    get database() {
      return started(database, 'database');
    },
    /** Starts an api process on a fresh database, with the sandbox's settings and `env`. */
    async start(env: Record<string, string> = {}): Promise<ApiProcess> {
      database = await databaseForProcess();
      api = await startApiProcess({ ...started(sandbox, 'sandbox').env, ...database.env, ...env });
      return api;
    },
  };
}
