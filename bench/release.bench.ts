/**
 * `npm run bench:release`: what the compiled release (decision 131) changes for a starting api. The api is
 * started RUNS times each way, in turns, on one database already migrated and synchronised (a restart, as in
 * a rolling upgrade): by tsx from the TypeScript source, and by node from the build. Measured: from spawn to
 * the first 200 of /api/health/ready, the CPU time the process used until then (which a busy machine does not
 * stretch as it does the wall-clock time), and the resident memory (VmRSS, every thread) then and 5 s later.
 * Then the CPU time the api spends on a request answered with an error (401, no session), with and without
 * source maps: what `--enable-source-maps` costs while serving. Writes bench/results/release.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startChild, stopChild, systemSettings, waitFor } from '../e2e/support/servers.ts';
import { buildApp, builtEntry } from '../scripts/build.mjs';
import { processCpuMs } from './support/system.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RELEASE_RUNS ?? 5);
const SETTLE_MS = 5_000;
const REQUESTS = 20_000;

const ways = {
  tsx: ['--import', 'tsx', 'apps/api/src/server.ts'],
  built: builtEntry('api'),
  builtWithoutMaps: builtEntry('api').filter((arg) => arg !== '--enable-source-maps'),
} as const;
type Way = keyof typeof ways;
const labels: Record<Way, string> = {
  tsx: 'tsx, TypeScript source (before)',
  built: 'node, compiled release (after)',
  builtWithoutMaps: 'node, compiled release without `--enable-source-maps`',
};

/** The process's resident memory in MiB, from /proc (Linux). */
function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Starts the api one way; answers once it is ready. */
async function startApi(way: Way, env: Record<string, string>, apiUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ways[way], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${apiUrl}/api/health/ready`);
  return child;
}

/** Starts the api one way, answers its start-up time and memory, and stops it. */
async function measure(way: Way, env: Record<string, string>, apiUrl: string) {
  const started = performance.now();
  const child = await startApi(way, env, apiUrl);
  const startMs = Math.round(performance.now() - started);
  const pid = child.pid ?? 0;
  const cpuMs = Math.round(processCpuMs(pid));
  const readyMiB = residentMiB(pid);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const settledMiB = residentMiB(pid);
  await stopChild(child);
  return { startMs, cpuMs, readyMiB, settledMiB };
}

/** The api's CPU time, in ms, for 1,000 requests answered 401 (after as many again to warm it up). */
async function errorAnswerCpu(way: Way, env: Record<string, string>, apiUrl: string): Promise<number> {
  const child = await startApi(way, env, apiUrl);
  const pid = child.pid ?? 0;
  const send = (amount: number) => autocannon({ url: `${apiUrl}/api/my-bills`, connections: 10, amount });
  await send(REQUESTS / 4);
  const before = processCpuMs(pid);
  const result = await send(REQUESTS);
  const cpuMs = processCpuMs(pid) - before;
  await stopChild(child);
  if (result.non2xx !== REQUESTS)
    throw new Error(`expected ${REQUESTS} answers of 401, got ${result.non2xx}`);
  return Math.round((cpuMs * 1000) / REQUESTS);
}

const buildMs = [await buildApp('api'), await buildApp('api'), await buildApp('api')];
await buildApp('sandbox');
const { apiUrl, sandboxUrl, dataDir, env } = await systemSettings({ LOG_LEVEL: 'error' });
const sandbox = startChild('sandbox', env);
const results: Record<Way, Awaited<ReturnType<typeof measure>>[]> = {
  tsx: [],
  built: [],
  builtWithoutMaps: [],
};
const errorCpu: Record<Way, number[]> = { tsx: [], built: [], builtWithoutMaps: [] };
try {
  await waitFor(`${sandboxUrl}/health`);
  // The first start makes the database, migrates it and loads the catalogue; the second fills tsx's cache of
  // compiled files, as any earlier start of a server would have. Neither is measured.
  await measure('built', env, apiUrl);
  await measure('tsx', env, apiUrl);
  for (let run = 0; run < RUNS; run++) {
    const order: Way[] = run % 2 === 0 ? ['tsx', 'built'] : ['built', 'tsx'];
    for (const way of order) {
      const result = await measure(way, env, apiUrl);
      results[way].push(result);
      console.info(
        `${way}: ready in ${result.startMs} ms (${result.cpuMs} ms CPU), ${result.readyMiB} MiB (${result.settledMiB} MiB 5 s on)`,
      );
    }
  }
  for (let run = 0; run < 3; run++) {
    for (const way of Object.keys(ways) as Way[]) {
      errorCpu[way].push(await errorAnswerCpu(way, env, apiUrl));
      console.info(`${way}: ${errorCpu[way].at(-1)} ms CPU per 1,000 answers of 401`);
    }
  }
} finally {
  await stopChild(sandbox);
  rmSync(dataDir, { recursive: true, force: true });
}

const row = (way: Way) => {
  const runs = results[way];
  const ms = (pick: (run: (typeof runs)[number]) => number) =>
    `${median(runs.map(pick)).toLocaleString('en-IN')} ms`;
  const mib = (pick: (run: (typeof runs)[number]) => number) => `${median(runs.map(pick))} MiB`;
  const every = runs.map((run) => run.startMs.toLocaleString('en-IN')).join('; ');
  return `| ${labels[way]} | ${ms((r) => r.startMs)} | ${ms((r) => r.cpuMs)} | ${mib((r) => r.readyMiB)} | ${mib((r) => r.settledMiB)} | ${every} |`;
};
const bundleKiB = (file: string) => Math.round(statSync(join(root, 'apps/api/dist', file)).size / 1024);
const report = [
  '# The compiled release: start-up and memory (`npm run bench:release`)',
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} on a 2-core machine when the run ended.`,
  '',
  `The api restarted on a database already migrated and synchronised (PGlite in its worker thread, the sandbox running), medians of ${RUNS} starts each way in turns. Start-up is from spawn to the first 200 of \`/api/health/ready\`, in wall-clock time and in the CPU time the process used until then (all threads: the embedded database's worker too); memory is the process's resident set (VmRSS, all threads) at that moment and ${SETTLE_MS / 1000} s later.`,
  '',
  '| Way | Start-up | CPU until ready | RSS when ready | RSS 5 s on | Every start-up (ms) |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
  row('tsx'),
  row('built'),
  '',
  `The api's CPU time for 1,000 requests answered 401 (\`GET /api/my-bills\` without a session, ${REQUESTS.toLocaleString('en-IN')} requests at 10 connections after a quarter as many to warm up), medians of 3: Node maps a stack trace to the .ts lines only when the trace is read (a 5xx logged), not when an error is made.`,
  '',
  '| Way | CPU per 1,000 answers | Every run (ms) |',
  '| --- | ---: | --- |',
  ...(Object.keys(ways) as Way[]).map(
    (way) => `| ${labels[way]} | ${median(errorCpu[way])} ms | ${errorCpu[way].join('; ')} |`,
  ),
  '',
  `Building the api takes ${median(buildMs).toLocaleString('en-IN')} ms (esbuild, median of 3); its bundle is ${bundleKiB('server.js')} KiB with a ${bundleKiB('server.js.map')} KiB source map.`,
  '',
];
writeFileSync(join(root, 'bench/results/release.md'), report.join('\n'));
console.info(report.join('\n'));
