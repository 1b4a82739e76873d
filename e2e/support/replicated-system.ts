import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startReplicaSet, stopProcess } from '../../scripts/replica-set.mjs';
import { runSecrets, sandboxAddresses } from '../../scripts/run-settings.mjs';
import { freshPostgres } from './postgres.ts';
import { freePort, type RunningSystem, startChild, stopChild, systemSettings, waitFor } from './servers.ts';

/**
 * The production topology for the chaos run and the load bench (decision 078): nginx in front of N api
 * replicas on a fresh PostgreSQL database and a Redis server of the system's own (so that restarting it
 * disturbs nobody else), and the sandbox. `killApi`/`startApi` crash and restart one replica at a time,
 * in turn; the site stays up through nginx meanwhile.
 */
export interface ReplicatedSystem extends RunningSystem {
  databaseUrl: string;
  /** Where the replicas write their log (JSON lines, at LOG_LEVEL), removed by `stop`. */
  apiLogPath: string;
  replicaCount: number;
  /** Each replica's Prometheus endpoint, in replica order. */
  metricsUrls: string[];
  /** Each replica's own address, past nginx (a test clock is per process: each is moved on its own). */
  replicaUrls: string[];
  /** Replaces every replica in turn (out of rotation, SIGTERM, a new process, back), as a deployment does. */
  rollReplicas(): Promise<void>;
  /** Ends the api's PostgreSQL sessions (pg_terminate_backend), as a failover or an administrator would; answers how many. */
  endDatabaseSessions(): Promise<number>;
  /** Stops Redis and starts it again, empty (it keeps nothing on disk). */
  restartRedis(downMs?: number): Promise<void>;
}

function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
}

async function redisAnswers(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
      probe.once('exit', (code) => resolve(code === 0));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`redis-server on ${port} did not answer`);
}

export async function startReplicatedSystem(options: {
  replicas: number;
  /** A PostgreSQL server the system may create a database on. */
  serverUrl: string;
  extraEnv?: Record<string, string>;
}): Promise<ReplicatedSystem> {
  const { apiPort, apiUrl, sandboxUrl, env } = await systemSettings(options.extraEnv);
  const database = await freshPostgres(options.serverUrl);
  const redisPort = await freePort();
  let redis = startRedis(redisPort);
  await redisAnswers(redisPort);
  // The sandbox and the replicas share secrets made for this run, and the api names the sandbox as each
  // outside system, as production asks (decision 102); `extraEnv` may set its own.
  const replicaEnv = {
    ...runSecrets(env),
    ...sandboxAddresses(sandboxUrl, env),
    ...env,
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  };
  const sandbox = startChild('sandbox', replicaEnv);
  await waitFor(`${sandboxUrl}/health`);
  const ports: number[] = [];
  const metricsPorts: number[] = [];
  for (let index = 0; index < options.replicas; index += 1) {
    ports.push(await freePort());
    metricsPorts.push(await freePort());
  }
  const dir = mkdtempSync(join(tmpdir(), 'erti-nginx-'));
  // The replicas' logs, kept for a failed run to show what the api itself said.
  const apiLogPath = join(tmpdir(), `erti-replicas-${Date.now()}.log`);
  const apiLog = openSync(apiLogPath, 'a');
  const replicaSet = await startReplicaSet({
    ports,
    metricsPorts,
    port: apiPort,
    env: replicaEnv,
    dir,
    stdio: apiLog,
  });
  // A replica being crashed or rolled is busy: the run's faults never act on one replica at once.
  const busy = new Set<number>();
  let nextToCrash = 0;
  let crashed: number | undefined;
  const rollReplicas = async () => {
    for (const replica of replicaSet.replicas) {
      while (busy.has(replica.index)) await new Promise((resolve) => setTimeout(resolve, 100));
      busy.add(replica.index);
      try {
        await replicaSet.roll(replica.index);
      } finally {
        busy.delete(replica.index);
      }
    }
  };

  return {
    apiUrl,
    sandboxUrl,
    dataDir: '',
    env: replicaEnv,
    databaseUrl: database.url,
    apiLogPath,
    replicaCount: options.replicas,
    metricsUrls: metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`),
    replicaUrls: ports.map((port) => `http://127.0.0.1:${port}`),
    async killApi() {
      while (busy.has(nextToCrash)) nextToCrash = (nextToCrash + 1) % options.replicas;
      crashed = nextToCrash;
      busy.add(crashed);
      nextToCrash = (nextToCrash + 1) % options.replicas;
      await replicaSet.kill(crashed);
    },
    async startApi() {
      if (crashed === undefined) return;
      const index = crashed;
      crashed = undefined;
      try {
        await replicaSet.start(index);
      } finally {
        busy.delete(index);
      }
    },
    restartApi: rollReplicas,
    rollReplicas,
    async stopApi() {
      await Promise.all(
        replicaSet.replicas.map((replica) => (replica.child ? stopProcess(replica.child) : undefined)),
      );
    },
    apiPid: () => replicaSet.replicas[0]?.child?.pid,
    async endDatabaseSessions() {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const ended = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and application_name like 'erti-pay-api%'`,
        );
        return ended.rowCount ?? 0;
      } finally {
        await admin.end();
      }
    },
    async restartRedis(downMs = 2_000) {
      await stopProcess(redis, 'SIGTERM', 5_000);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      redis = startRedis(redisPort);
      await redisAnswers(redisPort);
    },
    async stop() {
      await replicaSet.stop();
      await stopChild(sandbox);
      await stopProcess(redis, 'SIGTERM', 5_000);
      await database.drop();
      closeSync(apiLog);
      rmSync(apiLogPath, { force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
