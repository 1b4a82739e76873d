import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serviceTitles } from '@erti/contracts/catalogue';
import { catalogueReady } from '../../e2e/support/catalogue.ts';
import { type RunningSystem, startSystem } from '../../e2e/support/servers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchSystem extends RunningSystem {
  /** How many billers the api holds after its start-up sync, and how long the sync took. */
  billers: number;
  syncSeconds: number;
}

/** The api's billers of a category (x-total-count), 0 while the start-up sync has not filled it. */
async function billerCount(apiUrl: string, category = 'Electricity'): Promise<number> {
  try {
    const response = await fetch(`${apiUrl}/api/bbps/prod/${encodeURIComponent(category)}?limit=1`);
    return Number(response.headers.get('x-total-count') ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The sandbox and the api as child processes (like `npm start`), with `extraBillers` generated
 * billers on the network, on PGlite or on `databaseUrl`; answers once the catalogue is synchronised.
 */
export async function startBenchSystem(options: {
  extraBillers: number;
  databaseUrl?: string;
}): Promise<BenchSystem> {
  const started = performance.now();
  const system = await startSystem({
    SANDBOX_BILLERS: String(options.extraBillers),
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000000',
    OTP_MAILS_PER_ADDRESS_PER_HOUR: '1000000000',
    LOG_LEVEL: 'error',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  await catalogueReady(system.apiUrl, 20 * 60_000);
  return {
    ...system,
    billers: await totalBillers(system.apiUrl),
    syncSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Every biller the api lists, summed over the services of the catalogue. */
async function totalBillers(apiUrl: string): Promise<number> {
  const counts = await Promise.all(serviceTitles.map((title) => billerCount(apiUrl, title)));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** A fresh database on the BENCH_DATABASE_URL server, dropped by `drop()`. */
export { freshPostgres } from '../../e2e/support/postgres.ts';

/** The bare Fastify baseline in its own process. */
export async function startBareServer(): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(`${root}node_modules/.bin/tsx`, ['bench/support/bare-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', () => reject(new Error('the bare Fastify server did not start')));
  });
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

/** Clock ticks a second, the unit of /proc's CPU times. */
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** The CPU time (user and system, every thread) a process has used so far, in milliseconds (Linux). */
export function processCpuMs(pid: number): number {
  // The fields after the command name, which is in brackets and may hold spaces: utime, stime are 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / ticksPerSecond;
}
