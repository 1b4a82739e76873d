// `npm run start:replicas`: the production topology on one machine (decision 078). nginx on PORT (3000) in
// front of REPLICAS (3) api replicas on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), and the sandbox.
// Ctrl-C stops them all.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { buildWhatIsMissing, root, startService } from './processes.mjs';
import { startPrometheus } from './prometheus.mjs';
import { startReplicaSet, stopProcess } from './replica-set.mjs';
import { runSecrets, sandboxAddresses } from './run-settings.mjs';

const count = Number(process.env.REPLICAS ?? 3);
const port = Number(process.env.PORT ?? 3000);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/erti_pay';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error(`REPLICAS must be a whole number from 1 to 32 (it is "${process.env.REPLICAS}").`);
  process.exit(2);
}

/** The URL as it may be printed: without its password. */
function withoutPassword(url) {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return shown.toString();
}

/** Creates the database DATABASE_URL names when the server does not have it yet (a first start). */
async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      console.info(`Creating database ${name}...`);
      await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await admin.end();
  }
}

await ensureDatabase(databaseUrl).catch((error) => {
  console.error(
    `PostgreSQL at ${withoutPassword(databaseUrl)} does not answer (${error.message}). Set DATABASE_URL.`,
  );
  process.exit(1);
});
await buildWhatIsMissing();
const dir = join(root, '.data', 'replicas');
mkdirSync(dir, { recursive: true });
// As with `npm start`, the api runs in development mode unless the operator sets NODE_ENV=production. Either
// way the replicas and the sandbox share secrets made for this run (but those the operator sets), never the
// public ones of .env.example, and the api names the sandbox as each outside system the operator has not
// named, as production asks (decision 102).
const sandboxUrl = process.env.SANDBOX_URL ?? `http://localhost:${process.env.SANDBOX_PORT ?? 3001}`;
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  ...runSecrets(process.env),
  ...sandboxAddresses(sandboxUrl, process.env),
};
const sandbox = startService('sandbox', {
  ...env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
});
/** `count` ports from `first` on: replica 1 on the first, and so on. */
const consecutive = (first) => Array.from({ length: count }, (_, index) => first + index);

let replicaSet;
let prometheus;
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  if (prometheus) await stopProcess(prometheus.child, 'SIGTERM', 5_000);
  await replicaSet?.stop();
  await stopProcess(sandbox, 'SIGTERM', 5_000);
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
sandbox.on('exit', (code) => void stopAll(code ?? 1));

try {
  replicaSet = await startReplicaSet({
    port,
    host: process.env.HOST ?? '0.0.0.0',
    ports: consecutive(Number(process.env.REPLICA_FIRST_PORT ?? 3101)),
    metricsPorts: consecutive(Number(process.env.METRICS_PORT ?? 9464)),
    env,
    dir,
  });
} catch (error) {
  console.error(error.message);
  await stopAll(1);
}
replicaSet.nginx.on('exit', (code) => void stopAll(code ?? 1));
prometheus = await startPrometheus({
  dir: join(dir, 'prometheus'),
  metricsPorts: replicaSet.replicas.map((replica) => replica.metricsPort),
  port: Number(process.env.PROMETHEUS_PORT ?? 9090),
});

const lines = replicaSet.replicas.map(
  (replica) =>
    `  replica ${replica.index + 1}: 127.0.0.1:${replica.port} (metrics 127.0.0.1:${replica.metricsPort}/metrics)`,
);
console.info(
  [
    `Erti Pay: http://localhost:${port} through nginx to ${count} replicas`,
    ...lines,
    `  PostgreSQL ${withoutPassword(databaseUrl)}, Redis ${withoutPassword(redisUrl)}`,
    ...(prometheus ? [`  Prometheus ${prometheus.url} (alerts: ${prometheus.url}/alerts)`] : []),
  ].join('\n'),
);
