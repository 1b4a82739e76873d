// Prometheus beside the replicas (decision 130): `start:replicas` and the chaos run's replicas mode start
// Debian's prometheus on a configuration written for the replicas' real metrics ports, with the alert
// rules of ops/prometheus/alerts.rules.yml. Opt out with PROMETHEUS=off; absent binary: a line says so.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
export const ALERT_RULES = join(root, 'ops', 'prometheus', 'alerts.rules.yml');

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * The rules with every duration (`for:` and range selectors such as `[5m]`) multiplied by `scale`, at
 * least a second: a test run at scale 1/60 sees in seconds what production sees in minutes.
 */
export function scaleRuleDurations(text, scale) {
  if (scale === 1) return text;
  const scaled = (amount, unit) => `${Math.max(1, Math.round(amount * UNIT_SECONDS[unit] * scale))}s`;
  return text
    .replace(/^(\s*for:\s*)(\d+)([smhd])\s*$/gm, (_, head, amount, unit) => head + scaled(amount, unit))
    .replace(/\[(\d+)([smhd])([:\]])/g, (_, amount, unit, tail) => `[${scaled(amount, unit)}${tail}`);
}

/**
 * prometheus.yml for the replicas: one scrape job over every metrics port, the rules beside it.
 *
 * @param {{ metricsPorts: number[], intervalSeconds: number, rulesFile: string }} options
 */
export function prometheusConfig({ metricsPorts, intervalSeconds, rulesFile }) {
  const targets = metricsPorts.map((port) => `'127.0.0.1:${port}'`).join(', ');
  return `# Written by scripts/prometheus.mjs; regenerated on every start.
global:
  scrape_interval: ${intervalSeconds}s
  evaluation_interval: ${intervalSeconds}s
  scrape_timeout: ${Math.min(10, intervalSeconds)}s
rule_files:
  - ${rulesFile}
scrape_configs:
  - job_name: erti-api
    static_configs:
      - targets: [${targets}]
`;
}

/**
 * Starts prometheus on `port` scraping `metricsPorts` every `intervalSeconds`, its files in `dir`.
 * Answers `undefined` when turned off (PROMETHEUS=off) or not installed, else `{ url, child }` once
 * its HTTP API answers.
 *
 * @param {{ dir: string, metricsPorts: number[], port?: number, intervalSeconds?: number,
 *   timeScale?: number, stdio?: 'inherit' | 'ignore' }} options
 */
export async function startPrometheus(options) {
  const { dir, metricsPorts, port = 9090, intervalSeconds = 15, timeScale = 1, stdio = 'inherit' } = options;
  if (process.env.PROMETHEUS === 'off') return undefined;
  if (!existsSync(PROMETHEUS)) {
    console.info(`${PROMETHEUS} not found: no alerts. Install it with: sudo apt-get install -y prometheus`);
    return undefined;
  }
  mkdirSync(join(dir, 'prometheus-data'), { recursive: true });
  const rulesFile = join(dir, 'alerts.rules.yml');
  writeFileSync(rulesFile, scaleRuleDurations(readFileSync(ALERT_RULES, 'utf8'), timeScale));
  const configFile = join(dir, 'prometheus.yml');
  writeFileSync(configFile, prometheusConfig({ metricsPorts, intervalSeconds, rulesFile }));
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(dir, 'prometheus-data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', stdio, stdio] },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForPrometheus(url, child);
  return { url, child };
}

async function waitForPrometheus(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}) before it was ready`);
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`prometheus at ${url} was not ready within ${timeoutMs / 1000} s`);
}
