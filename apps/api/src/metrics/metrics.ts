import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { OutsideCallRecorder } from '../integrations/outside-calls.ts';
import type { OutsideSystems } from '../integrations/outside-systems.ts';
import { orderStatuses, restingStatuses } from '../modules/payments/index.ts';
import { alertGauges, orderExpectedSeconds } from './alert-gauges.ts';
import { alertFigures, countLateRefunds, countOrdersByStatus, dueJobs } from './metrics.repository.ts';

/**
 * The api's Prometheus metrics (decision 067): one registry per app, so that tests can build several.
 * Requests and outside calls are counted as they happen; orders, jobs, refunds and notices are read
 * from the database when Prometheus scrapes, so every replica reports the same figures for them. The
 * alert rules (ops/prometheus, decision 130) are written on these names.
 */
export interface Metrics {
  /** One request answered: its method, route pattern, status code and time taken. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  recordOutsideCall: OutsideCallRecorder;
  /** The exposition text, with the database's figures read now. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

const orderStatusGroups = {
  waiting: orderStatuses.filter((status) => !restingStatuses.includes(status)),
  resting: restingStatuses,
};

/** A scrape answers within this even if the database does not: its figures are then left out. */
const DATABASE_READ_TIMEOUT_MS = 5_000;

/** `work`'s answer, or `undefined` when it fails or takes longer than `timeoutMs`. */
async function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  const answer = work.catch(() => undefined); // caught here: a failure after the timeout is no unhandled rejection
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, undefined);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createMetrics(options: {
  db: Database;
  databaseTimeoutMs?: number;
  /** Each outside system's state, read at each scrape (decision 110). */
  outsideSystems?: Pick<OutsideSystems, 'reports'>;
  /** The replica's readiness (the health module's checks), read at each scrape. */
  ready?: () => Promise<boolean>;
  /** HANDOFF_EXPIRY_SECONDS: a PAYMENT_PENDING order is overdue half an hour past it. */
  handoffExpirySeconds?: number;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: 'erti_http_request_duration_seconds',
    help: 'Requests answered by the api, by method, route pattern and status code, and their time taken.',
    labelNames: ['method', 'route', 'status_code'],
    registers,
  });
  const outsideCalls = new Histogram({
    name: 'erti_outside_call_duration_seconds',
    help: 'Calls to the bill network (bbps), each payment gateway and the mail server, by outcome (ok, refused, unavailable).',
    labelNames: ['system', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 60],
    registers,
  });
  const { outsideSystems } = options;
  new Gauge({
    name: 'erti_outside_system_up',
    help: 'Whether this replica finds each outside system (bbps, each gateway, mail) answering (1) or down, its last calls in a row not made (0); absent before its first call.',
    labelNames: ['system'],
    registers,
    collect() {
      this.reset();
      for (const [system, { state }] of Object.entries(outsideSystems?.reports() ?? {}))
        if (state !== 'unknown') this.set({ system }, state === 'up' ? 1 : 0);
    },
  });
  const ready =
    options.ready &&
    new Gauge({
      name: 'erti_ready',
      help: 'Whether this replica is ready (1), as GET /api/health/ready answers it, or not (0).',
      registers,
    });
  const databaseUp = new Gauge({
    name: 'erti_metrics_database_up',
    help: 'Whether this scrape read orders, jobs and late refunds from the database (1) or could not (0: those are absent).',
    registers,
  });
  // The database's figures, in a registry of their own: left out whole when they cannot be read.
  const databaseRegistry = new Registry();
  const databaseRegisters = [databaseRegistry];
  const waitingOrders = new Gauge({
    name: 'erti_orders_waiting',
    help: 'Orders in a status that still waits on something (a gateway, the bill network, a refund, a person).',
    labelNames: ['status'],
    registers: databaseRegisters,
  });
  const restedOrders = new Gauge({
    name: 'erti_orders_rested_24h',
    help: 'Orders that came to rest (SUCCESS, PAYMENT_FAILED, REFUNDED) in the last 24 hours.',
    labelNames: ['status'],
    registers: databaseRegisters,
  });
  const jobsDue = new Gauge({
    name: 'erti_jobs_due',
    help: 'Background jobs queued and due to run: the queue the workers have not reached yet.',
    registers: databaseRegisters,
  });
  const oldestJobAge = new Gauge({
    name: 'erti_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited past its run time (0 when none is due).',
    registers: databaseRegisters,
  });
  const lateRefunds = new Gauge({
    name: 'erti_refunds_late',
    help: 'Refunds still pending past their deadline (auto: RBI T+5; merchant: our refund window).',
    labelNames: ['reason'],
    registers: databaseRegisters,
  });
  const expectedSeconds = orderExpectedSeconds(options.handoffExpirySeconds ?? 20 * 60);
  const setAlertGauges = alertGauges(databaseRegisters, Object.keys(expectedSeconds));
  /** The database's figures now, or undefined if it cannot give them within the timeout. */
  const readDatabase = (timeoutMs: number) =>
    withinTimeout(
      Promise.all([
        countOrdersByStatus(options.db, orderStatusGroups),
        dueJobs(options.db),
        countLateRefunds(options.db, new Date()),
        alertFigures(options.db, expectedSeconds),
      ]),
      timeoutMs,
    );

  function setDatabaseGauges(figures: NonNullable<Awaited<ReturnType<typeof readDatabase>>>): void {
    const [orders, jobs, refunds, forAlerts] = figures;
    // Every status always present: a status with no order is 0, not a series that disappears.
    for (const status of orderStatusGroups.waiting) waitingOrders.set({ status }, 0);
    for (const status of orderStatusGroups.resting) restedOrders.set({ status }, 0);
    for (const { status, count } of orders.waiting) waitingOrders.set({ status }, count);
    for (const { status, count } of orders.restedToday) restedOrders.set({ status }, count);
    jobsDue.set(jobs.count);
    oldestJobAge.set(jobs.oldestAgeSeconds);
    // Both reasons always present, so that an alert on "late > 0" has a series to watch.
    for (const reason of ['auto', 'merchant']) lateRefunds.set({ reason }, 0);
    for (const { reason, count } of refunds) lateRefunds.set({ reason }, count);
    setAlertGauges(forAlerts);
  }

  return {
    observeRequest: (method, route, statusCode, seconds) =>
      requests.observe({ method, route, status_code: statusCode }, seconds),
    recordOutsideCall: (system, outcome, seconds) => outsideCalls.observe({ system, outcome }, seconds),
    async scrape() {
      const timeoutMs = options.databaseTimeoutMs ?? DATABASE_READ_TIMEOUT_MS;
      const [figures, isReady] = await Promise.all([
        readDatabase(timeoutMs),
        options.ready && withinTimeout(options.ready(), timeoutMs),
      ]);
      databaseUp.set(figures ? 1 : 0);
      ready?.set(isReady ? 1 : 0);
      const own = await registry.metrics();
      if (!figures) return own;
      setDatabaseGauges(figures);
      return `${own}${await databaseRegistry.metrics()}`;
    },
    contentType: registry.contentType,
  };
}
