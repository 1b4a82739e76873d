import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Biller } from '@erti/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { orders, refunds } from '../src/db/schema/payments.ts';
import { createSmtpMailer, recordedMailer } from '../src/integrations/mail/mailer.ts';
import type { OutsideCallRecorder } from '../src/integrations/outside-calls.ts';
import { createMetrics } from '../src/metrics/metrics.ts';
import { type MetricsServer, startMetricsServer } from '../src/metrics/metrics-server.ts';
import { restingStatuses } from '../src/modules/payments/order-state.ts';
import { refundDeadline, refundTerms } from '../src/modules/payments/refund-deadline.ts';
import { startBillPaymentEnv, type SignedInUser as User } from './support/bill-network.ts';
import { api, fetchBill, orderOf, paidAtPayu, settleJobs } from './support/payment-flows.ts';
import { openTestDatabase } from './support/test-database.ts';
import type { TestEnv } from './support/test-env.ts';

/**
 * Issue 24 item 3: Prometheus metrics on their own port (decision 067). Requests by route pattern and
 * status, outside calls by system and outcome, and the figures read from the database at scrape time.
 */

let env: TestEnv;
let electricity: Biller;
let customer: User;
let metricsServer: MetricsServer;
let webDist: string;

beforeAll(async () => {
  // A built site, so that the history fallback would answer index.html to an unknown path.
  webDist = mkdtempSync(join(tmpdir(), 'erti-metrics-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Erti Pay</title>');
  ({ env, electricity, user: customer } = await startBillPaymentEnv({ WEB_DIST_DIR: webDist }));
  metricsServer = await startMetricsServer(env.built.metrics, {
    host: '127.0.0.1',
    port: 0,
    logger: env.app.log,
  });
});
afterAll(async () => {
  await metricsServer?.close();
  await env?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition text as samples (comments left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return samplesOf(await response.text());
}

/** The value of the one sample with exactly these labels, or undefined. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find(
    (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  )?.value;
}

const callsOf = (samples: Sample[], system: string, outcome: string) =>
  sampleValue(samples, 'erti_outside_call_duration_seconds_count', { system, outcome }) ?? 0;

/** A bill the network refuses to pay (ending 0009): charged at PayU, then refunded automatically. */
async function refusedBillPayment(): Promise<string> {
  const bill = await fetchBill(env, electricity, '0009', customer.headers);
  const handoff = await paidAtPayu(env, bill, customer, electricity.billerName);
  // PayU cannot be reached for the refund: it stays PENDING, and the calls are counted unavailable.
  env.sandbox.faults.add({ path: '/payu/merchant/postservice', kind: 'error', status: 503 });
  await settleJobs(env);
  env.sandbox.faults.clear();
  return handoff.orderId;
}

describe('request metrics', () => {
  it('counts answers by route pattern and status, never by the raw URL; unmatched paths share one label', async () => {
    const before = await scrape();
    const orderRoute = { method: 'GET', route: '/api/orders/:orderId', status_code: '404' };
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    const countOf = (samples: Sample[], labels: Record<string, string>) =>
      sampleValue(samples, 'erti_http_request_duration_seconds_count', labels) ?? 0;

    for (const orderId of ['ord_NOSUCHORDER1', 'ord_NOSUCHORDER2'])
      expect((await api(env, 'GET', `/orders/${orderId}`, customer.headers)).statusCode).toBe(404);
    for (const path of ['/api/no-such-call-1', '/api/no-such-call-2', '/api/no-such-call-3'])
      expect((await env.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

    const after = await scrape();
    expect(countOf(after, orderRoute) - countOf(before, orderRoute)).toBe(2);
    expect(countOf(after, unmatched) - countOf(before, unmatched)).toBe(3);
    const routes = new Set(after.map((sample) => sample.labels.route).filter(Boolean));
    expect([...routes].some((route) => /NOSUCH|no-such-call/.test(route ?? ''))).toBe(false);
    const latency = sampleValue(after, 'erti_http_request_duration_seconds_bucket', {
      ...orderRoute,
      le: '+Inf',
    });
    expect(latency).toBe(countOf(after, orderRoute));
    // Node's own figures are there too (one registry per app, with the default process metrics).
    expect(sampleValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('are never served on the public port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${env.apiUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('erti_');
    }
  });
});

describe('outside calls, orders, jobs and late refunds', () => {
  it('count a real order through the sandbox: bill network, gateway and mail by outcome, orders by status', async () => {
    const before = await scrape();
    const orderId = await refusedBillPayment();
    // The bill network refuses a request outright once (a 400 that is no business answer).
    env.sandbox.faults.add({ path: '/bou', kind: 'error', status: 400, count: 1 });
    await expect(fetchBill(env, electricity, '0002', customer.headers)).rejects.toThrow();
    env.sandbox.faults.clear();
    // A message to support goes out by mail.
    const contact = await env.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.0.0.67',
      payload: {
        name: 'Asha Raman',
        email: 'asha.metrics@example.com',
        phone: '9876543210',
        subject: 'My refund',
        message: 'When does my refund arrive?',
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);

    const after = await scrape();
    const grew = (system: string, outcome: string) =>
      callsOf(after, system, outcome) - callsOf(before, system, outcome);
    expect(grew('bbps', 'ok')).toBeGreaterThanOrEqual(2); // the bill fetch and the payment
    expect(grew('bbps', 'refused')).toBe(1);
    expect(grew('payu', 'ok')).toBeGreaterThanOrEqual(1); // the charge confirmed
    expect(grew('payu', 'unavailable')).toBeGreaterThanOrEqual(1); // the refund, while PayU was down
    expect(grew('mail', 'ok')).toBe(1);
    expect(sampleValue(after, 'erti_metrics_database_up')).toBe(1);
    // The app's own readiness (decision 130): migrated, catalogue loaded, not stopping.
    expect(sampleValue(after, 'erti_ready')).toBe(1);

    const order = await orderOf(env, orderId, customer.headers);
    // Every order of this suite is less than a day old: a resting status counts them all too.
    const inStatus = await env.database.db.$count(orders, eq(orders.status, order.status));
    const gauge = restingStatuses.includes(order.status) ? 'erti_orders_rested_24h' : 'erti_orders_waiting';
    expect(sampleValue(after, gauge, { status: order.status })).toBe(inStatus);
    expect(sampleValue(after, 'erti_orders_waiting', { status: 'NEEDS_ATTENTION' })).toBe(0);
    const succeeded = await env.database.db.$count(orders, eq(orders.status, 'SUCCESS'));
    expect(sampleValue(after, 'erti_orders_rested_24h', { status: 'SUCCESS' })).toBe(succeeded);
  });

  it('show the job queue: how many jobs are due and how long the oldest has waited', async () => {
    const jobId = 'job_METRICSTEST';
    await env.database.db.execute(sql`
      insert into jobs (id, kind, payload, run_at) values (${jobId}, 'metrics.test', '{}', now() - interval '90 seconds')`);
    try {
      const samples = await scrape();
      expect(sampleValue(samples, 'erti_jobs_due')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'erti_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(90);
    } finally {
      await env.database.db.execute(sql`delete from jobs where id = ${jobId}`);
    }
  });

  it('count a refund still pending past its deadline as late', async () => {
    const orderId = await refusedBillPayment();
    const order = await orderOf(env, orderId, customer.headers);
    expect(order.refunds[0]).toMatchObject({ reason: 'auto', status: 'PENDING' });
    const before = sampleValue(await scrape(), 'erti_refunds_late', { reason: 'auto' });
    expect(before).toBe(0);

    // The customer paid eight days ago: past T+5 (the deadline written on the refund then), and the
    // refund has not reached them.
    const paidAt = new Date(Date.now() - 8 * 86_400_000);
    await env.database.db.update(orders).set({ createdAt: paidAt }).where(eq(orders.id, orderId));
    await env.database.db
      .update(refunds)
      .set({ createdAt: paidAt, deadlineAt: refundDeadline(paidAt, { reason: 'auto', createdAt: paidAt }) })
      .where(eq(refunds.orderId, orderId));
    const after = await scrape();
    expect(sampleValue(after, 'erti_refunds_late', { reason: 'auto' })).toBe(1);
    expect(sampleValue(after, 'erti_refunds_late', { reason: 'merchant' })).toBe(0);
  });
});

describe('mail outcomes', () => {
  it('are unavailable when the server cannot be reached, refused on a permanent (5xx) reply', async () => {
    const calls: string[] = [];
    const record: OutsideCallRecorder = (system, outcome) => calls.push(`${system} ${outcome}`);
    const nobody = createSmtpMailer({ ...env.config, SMTP_PORT: await freePort() });
    const message = { to: 'asha@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };
    await expect(recordedMailer(nobody, record).send(message)).rejects.toThrow();
    const refusing = {
      send: () => Promise.reject(Object.assign(new Error('550 no such user'), { responseCode: 550 })),
    };
    await expect(recordedMailer(refusing, record).send(message)).rejects.toThrow();
    expect(calls).toEqual(['mail unavailable', 'mail refused']);
  });
});

describe('the late-refund count', () => {
  it('counts a pending refund late (its deadline passed) exactly when refundTerms does, on every side of an India midnight', () => {
    const now = new Date('2026-11-27T18:29:59.999Z'); // the last millisecond of 27 November in India
    const outcomes = new Set<boolean>();
    for (const daysAgo of [4, 5, 6, 7]) {
      for (const offsetMs of [-1, 0, 1]) {
        const asked = new Date(Date.UTC(2026, 10, 27 - daysAgo, 18, 30) + offsetMs);
        for (const reason of ['auto', 'merchant'] as const) {
          const refund = {
            reason,
            status: 'PENDING' as const,
            createdAt: asked,
            completedAt: null,
            updatedAt: asked,
          };
          const deadlineAt = refundDeadline(asked, refund);
          // countLateRefunds' condition: deadline_at < now.
          expect(deadlineAt < now, `${reason} ${asked.toISOString()}`).toBe(
            refundTerms(asked, { ...refund, deadlineAt }, now).late,
          );
          outcomes.add(deadlineAt < now);
        }
      }
    }
    // Both sides were tried: some late, some not.
    expect([...outcomes].sort()).toEqual([false, true]);
  });
});

describe('a scrape while the database is down', () => {
  it('answers, leaves the database figures out and says so', async () => {
    const database = await openTestDatabase();
    const metrics = createMetrics({ db: database.db });
    expect(sampleValue(samplesOf(await metrics.scrape()), 'erti_metrics_database_up')).toBe(1);
    await database.close();

    const samples = samplesOf(await metrics.scrape());
    expect(sampleValue(samples, 'erti_metrics_database_up')).toBe(0);
    expect(samples.filter((sample) => /^erti_(orders|jobs|refunds)/.test(sample.name))).toEqual([]);
    // A database of its own, migrated: a minute and more on a busy machine.
  }, 180_000);

  it('answers within its timeout when the database does not answer at all', async () => {
    const silent = { execute: () => new Promise(() => {}) } as unknown as Database;
    const metrics = createMetrics({ db: silent, databaseTimeoutMs: 100 });
    const samples = samplesOf(await metrics.scrape());
    expect(sampleValue(samples, 'erti_metrics_database_up')).toBe(0);
  });
});

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits for the api's start (two minutes at most: on a busy machine tsx alone can take a minute). */
async function untilAnswers(url: string, child: ChildProcess, output: () => string): Promise<Response> {
  for (let tries = 0; tries < 1_200; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the api exited: ${output()}`);
    const response = await fetch(url).catch(() => undefined);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered: ${output()}`);
}

describe('npm start', () => {
  it('serves the metrics on METRICS_PORT alone, and closes them with the api', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
    const { DATABASE_URL: _embedded, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', server], {
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
        DATA_DIR: 'memory://',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        SANDBOX_URL: 'http://127.0.0.1:9',
        WEB_DIST_DIR: webDist,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    try {
      const metrics = await untilAnswers(`http://127.0.0.1:${metricsPort}/metrics`, child, () => output);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain('erti_metrics_database_up 1');
      expect(text).toContain('erti_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 240_000);
});
