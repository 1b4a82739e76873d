import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createSmtpMailer } from '../apps/api/src/integrations/mail/mailer.ts';
import { runDueJobs } from '../apps/api/src/jobs/job-queue.ts';
import { buildSandbox } from '../apps/sandbox/src/app.ts';
import { sandboxConfigFor } from '../apps/sandbox/src/config.ts';
import { type Measurement, measure, printTable } from './support/measure.ts';

/**
 * The catalogue's hot reads on embedded PGlite, beside a bare Fastify route measured in the same
 * run: a whole category, a biller search, and the plans of one operator and circle, with the
 * network's default catalogue (~1,400 billers) and with 25,000 billers.
 */
const SCALES = [
  { label: 'default catalogue', totalBillers: 0 },
  { label: '25,000 billers', totalBillers: 25_000 },
];
const CONNECTIONS = 10;
const DURATION_SECONDS = 5;

const urlOf = (server: FastifyInstance) =>
  `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

async function bareFastify(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** Sandbox with `extraBillers` generated billers, an api on a fresh in-memory database, synchronised. */
async function startSystem(extraBillers: number) {
  const sandbox = await buildSandbox(
    sandboxConfigFor({ publicUrl: 'http://127.0.0.1:0', apiUrl: 'http://127.0.0.1:0', extraBillers }),
  );
  await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const config = loadConfig(
    {},
    {
      LOG_LEVEL: 'silent',
      SANDBOX_URL: urlOf(sandbox.app),
      JOBS_ENABLED: false,
      RATE_LIMIT_PER_MINUTE: 100_000_000,
      BBPS_TIMEOUT_MS: 60_000,
    },
  );
  const built = await buildApp({ config, database, mailer: createSmtpMailer(config) });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const catalog = built.modules.find((module) => module.name === 'catalog');
  const started = performance.now();
  await catalog?.onReady?.();
  await runDueJobs(database.db, built.jobHandlers, built.app.log, 10);
  const syncSeconds = ((performance.now() - started) / 1000).toFixed(1);
  return {
    apiUrl: urlOf(built.app),
    syncSeconds,
    close: async () => {
      await built.app.close();
      await database.close();
      await sandbox.app.close();
    },
  };
}

async function operatorAndCircle(apiUrl: string): Promise<{ billerId: string; circle: string }> {
  const operators = (await (await fetch(`${apiUrl}/api/bbps/prod/Mobile%20Prepaid?q=airtel`)).json()) as {
    billerId: string;
  }[];
  const billerId = operators[0]?.billerId;
  if (!billerId) throw new Error('no Airtel biller after the sync');
  return { billerId, circle: 'Mumbai' };
}

export async function runCatalogBench(): Promise<void> {
  const bare = await bareFastify();
  try {
    for (const scale of SCALES) {
      const extra = scale.totalBillers === 0 ? 0 : scale.totalBillers - 1_399;
      const system = await startSystem(Math.max(0, extra));
      try {
        const total = (await fetch(`${system.apiUrl}/api/bbps/prod/Electricity?limit=1`)).headers.get(
          'x-total-count',
        );
        const plan = await operatorAndCircle(system.apiUrl);
        const run = (name: string, options: Parameters<typeof measure>[1]) =>
          measure(name, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, ...options });
        const rows: Measurement[] = [];
        const baseline = await run('bare Fastify route', { url: `${urlOf(bare)}/bare` });
        rows.push(baseline);
        rows.push(
          await run(`GET Electricity (${total} billers)`, {
            url: `${system.apiUrl}/api/bbps/prod/Electricity`,
          }),
        );
        rows.push(
          await run('GET Electricity?q=pow&limit=20', {
            url: `${system.apiUrl}/api/bbps/prod/Electricity?q=pow&limit=20`,
          }),
        );
        rows.push(
          await run('POST circle (Airtel, Mumbai)', {
            url: `${system.apiUrl}/api/bbps/prod/circle`,
            method: 'POST',
            body: plan,
          }),
        );
        console.info(
          `\n### Catalog reads, ${scale.label} (sync took ${system.syncSeconds} s; ${CONNECTIONS} connections, ${DURATION_SECONDS} s each)\n`,
        );
        printTable(rows, baseline);
      } finally {
        await system.close();
      }
    }
  } finally {
    await bare.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runCatalogBench();
