// N api replicas behind nginx (decision 078): used by `npm run start:replicas`, the chaos run's replicas mode
// and the load bench, so that all three run the topology the README describes for production.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtEntry } from './build.mjs';
import { ensureDebianPackage } from './debian-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * nginx's configuration for the replicas: least-connections balancing over kept-alive upstream
 * connections; the customer's address in X-Forwarded-For, replaced, never appended to, so a client
 * cannot forge it; a replica that refuses connections is skipped. A replica being rolled is marked
 * `down` (and nginx reloaded) before it is stopped, so no request is sent to it while it drains.
 *
 * @param {{ dir: string, host: string, port: number, upstreams: { port: number, down: boolean }[] }} options
 */
export function nginxConfig({ dir, host, port, upstreams }) {
  const servers = upstreams
    .map(
      (upstream) =>
        `    server 127.0.0.1:${upstream.port} max_fails=1 fail_timeout=2s${upstream.down ? ' down' : ''};`,
    )
    .join('\n');
  return `# Written by scripts/replica-set.mjs; regenerated on every start.
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The api's own limit (BODY_LIMIT_BYTES) answers a clear 413; this one only stops the absurd.
  client_max_body_size 2m;
  upstream erti_api {
    least_conn;
${servers}
    keepalive 64;
  }
  server {
    listen ${host}:${port};
    location / {
      proxy_pass http://erti_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A request is passed to another replica only when this one could not be reached; a POST that
      # reached a replica is never sent twice.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffering on;
    }
  }
}
`;
}

/** Waits until `url` answers 200, or throws after `timeoutMs`. */
export async function waitUntilOk(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Ends `child` with `signal` (SIGKILL after `graceMs`), resolving when it has exited. */
export function stopProcess(child, signal = 'SIGTERM', graceMs = 30_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}

/**
 * Starts one api replica on each of `ports` (with its metrics on the matching `metricsPorts`), all on
 * the same `env` (DATABASE_URL, REDIS_URL, ...), and nginx in front of them on `host:port`. Answers once
 * every replica is ready. `stdio` is where the replicas' standard output (their log) goes: inherited,
 * ignored, or a file descriptor open for appending.
 *
 * @param {{ ports: number[], metricsPorts: number[], host?: string, port: number,
 *   env: Record<string, string>, dir: string, stdio?: 'inherit' | 'ignore' | number }} options
 */
export async function startReplicaSet(options) {
  const { ports, metricsPorts, port, env, dir, host = '127.0.0.1', stdio = 'inherit' } = options;
  ensureDebianPackage(NGINX, 'nginx');
  for (const temp of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, temp), { recursive: true });
  const replicas = ports.map((replicaPort, index) => ({
    index,
    port: replicaPort,
    metricsPort: metricsPorts[index],
    down: false,
    /** @type {import('node:child_process').ChildProcess | undefined} */
    child: undefined,
  }));
  const configPath = join(dir, 'nginx.conf');
  const writeConfig = () => writeFileSync(configPath, nginxConfig({ dir, host, port, upstreams: replicas }));

  const startReplica = async (replica) => {
    replica.child = spawn(process.execPath, builtEntry('api'), {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(replica.port),
        METRICS_PORT: String(replica.metricsPort),
        // Only nginx, on this host, may say who the customer is.
        TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
      },
      stdio: ['ignore', stdio, 'inherit'],
    });
    const exited = new Promise((_, reject) =>
      replica.child.once('exit', (code) =>
        reject(new Error(`api replica ${replica.index + 1} exited (${code})`)),
      ),
    );
    exited.catch(() => {});
    await Promise.race([waitUntilOk(`http://127.0.0.1:${replica.port}/api/health/ready`), exited]);
  };

  writeConfig();
  const nginx = spawn(NGINX, ['-c', configPath, '-p', dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const reloadNginx = async () => {
    writeConfig();
    nginx.kill('SIGHUP');
    // nginx starts new workers on the new configuration and lets the old ones finish; give it a moment.
    await sleep(300);
  };
  const stopAll = async () => {
    await Promise.all(replicas.map((replica) => (replica.child ? stopProcess(replica.child) : undefined)));
    await stopProcess(nginx, 'SIGQUIT', 5_000);
  };
  try {
    // The first replica migrates while the others wait on the migrations lock (decision 069).
    await Promise.all(replicas.map((replica) => startReplica(replica)));
    await waitUntilOk(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/api/health/ready`);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    replicas,
    nginx,
    /** Kills a replica at once, as a crash or the OOM killer would: its requests in flight are lost. */
    kill: (index) => stopProcess(replicas[index].child, 'SIGKILL'),
    /** Starts a replica again (after `kill`). */
    start: (index) => startReplica(replicas[index]),
    /**
     * Replaces a replica without losing a request: out of nginx's rotation, SIGTERM (it finishes what
     * it holds), a new process on its port, ready, back in rotation.
     */
    async roll(index) {
      const replica = replicas[index];
      replica.down = true;
      await reloadNginx();
      await stopProcess(replica.child, 'SIGTERM');
      await startReplica(replica);
      replica.down = false;
      await reloadNginx();
    },
    /** Stops every replica gracefully, then nginx. */
    stop: stopAll,
  };
}
