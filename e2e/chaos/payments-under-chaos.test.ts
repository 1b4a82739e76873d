import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ReplicatedSystem, startReplicatedSystem } from '../support/replicated-system.ts';
import { type RunningSystem, startSystem } from '../support/servers.ts';
import { newTestUser, registerThroughApi, type SignedInUser } from '../support/session.ts';
import { audit, readDatabase } from './support/audit.ts';
import { planPayments } from './support/chaos-plan.ts';
import { awaitReconciliation, type Disruption, driveChaos } from './support/chaos-run.ts';
import type { Gateway } from './support/journeys.ts';
import { seededRandom } from './support/random.ts';
import { gateways, sandboxControl } from './support/sandbox.ts';
import { openShop, registerCustomers } from './support/shop.ts';
import { chaosSummary } from './support/summary.ts';

/**
 * Issue 9, item 4: N payments across PayU, PhonePe and Razorpay, over real HTTP, while the sandbox
 * injects gateway and network timeouts, errors, failures, pending answers, duplicate and
 * out-of-order callbacks, and the api is killed (SIGKILL) and restarted mid-flight. With
 * CHAOS_REPLICAS=N the payments go through nginx to N replicas on PostgreSQL and Redis, one replica at
 * a time is killed, all are rolled with SIGTERM, PostgreSQL sessions are ended and Redis restarted. Then, once
 * reconciliation is done, the database and the outside world's own records must agree: no order
 * lost, none charged twice, no bill paid twice, every charged order SUCCESS or REFUNDED, and
 * charged = paid to billers + test payments + refunded.
 */

const payments = Number(process.env.CHAOS_PAYMENTS ?? 1000);
const seed = Number(process.env.CHAOS_SEED ?? 9_2025);
/**
 * Replicas mode (issue 24): the payments go through nginx to this many api replicas on PostgreSQL
 * (CHAOS_DATABASE_URL's server, else TEST_DATABASE_URL's, else the local one) and a Redis of the run's own.
 */
const replicas = Number(process.env.CHAOS_REPLICAS ?? 0);
const MERCHANT_EMAIL = 'merchant-chaos@example.com';

let system: RunningSystem | ReplicatedSystem;
let emptyWebDir: string;

const isReplicated = (candidate: RunningSystem): candidate is ReplicatedSystem => 'rollReplicas' in candidate;

/** A replicated system's own faults, spread over the first 70% of the run like the crashes. */
function replicaDisruptions(replicated: ReplicatedSystem): Disruption[] {
  const at = (share: number) => Math.floor(payments * share);
  return [
    {
      beforePayment: at(0.15),
      name: 'PostgreSQL sessions ended',
      run: async () => void (await replicated.endDatabaseSessions()),
    },
    { beforePayment: at(0.3), name: 'Redis restarted', run: () => replicated.restartRedis() },
    {
      beforePayment: at(0.4),
      name: 'rolling restart (SIGTERM, one by one)',
      run: () => replicated.rollReplicas(),
    },
    {
      beforePayment: at(0.6),
      name: 'PostgreSQL sessions ended',
      run: async () => void (await replicated.endDatabaseSessions()),
    },
  ];
}

beforeAll(async () => {
  // No web build: the chaos run talks to the api and the gateways' pages only.
  emptyWebDir = mkdtempSync(join(tmpdir(), 'erti-chaos-web-'));
  const settings = {
    WEB_DIST_DIR: emptyWebDir,
    MERCHANT_EMAILS: MERCHANT_EMAIL,
    BBPS_TIMEOUT_MS: '3000',
    GATEWAY_TIMEOUT_MS: '3000',
    JOB_POLL_MS: '250',
    // A checkout left unpaid is closed after 20 s instead of 20 minutes, so the run sees it (decision 064).
    HANDOFF_EXPIRY_SECONDS: '20',
    LOG_LEVEL: 'error',
  };
  system =
    replicas > 0
      ? await startReplicatedSystem({
          replicas,
          serverUrl:
            process.env.CHAOS_DATABASE_URL ??
            process.env.TEST_DATABASE_URL ??
            'postgres://postgres@127.0.0.1:5432/postgres',
          extraEnv: settings,
        })
      : await startSystem(settings);
});

afterAll(async () => {
  await system?.stop();
  rmSync(emptyWebDir, { recursive: true, force: true });
});

it(`keeps the books straight through ${payments} payments under faults and crashes`, async () => {
  const started = Date.now();
  const random = seededRandom(seed);
  const sandbox = sandboxControl(system.sandboxUrl);
  const shop = await openShop(system.apiUrl);
  const customers = await registerCustomers(
    system,
    Math.min(40, Math.max(8, Math.ceil(payments / 25))),
    'chaos',
  );
  const merchant: SignedInUser = await registerThroughApi(system.apiUrl, system.sandboxUrl, {
    ...newTestUser('merchant'),
    email: MERCHANT_EMAIL,
  });
  const crashes = Math.max(2, Math.round(payments / 250));
  const run = await driveChaos({
    system,
    sandbox,
    shop,
    customers,
    merchant,
    plans: planPayments(random, payments),
    random,
    concurrency: Number(process.env.CHAOS_CONCURRENCY ?? 8),
    // Early enough that orders caught by the last crash can still be reconciled in the run.
    crashBefore: Array.from({ length: crashes }, (_, k) =>
      Math.floor(((k + 1) * payments * 0.7) / (crashes + 1)),
    ),
    waveEvery: Math.max(5, Math.round(payments / 40)),
    siteStaysUp: isReplicated(system),
    disruptions: isReplicated(system) ? replicaDisruptions(system) : [],
  });
  const known = new Set(run.journeys.flatMap((journey) => journey.orderIds));
  const settled = await awaitReconciliation(
    { system, sandbox, merchant },
    known,
    Number(process.env.CHAOS_SETTLE_SECONDS ?? 240) * 1000,
  );

  // The books are read with the api stopped: its database is closed and nothing moves any more.
  await system.stopApi();
  const ledgers = Object.fromEntries(
    await Promise.all(gateways.map(async (gateway) => [gateway, await sandbox.ledger(gateway)] as const)),
  ) as Record<Gateway, Awaited<ReturnType<typeof sandbox.ledger>>>;
  const books = await readDatabase(
    isReplicated(system) ? { databaseUrl: system.databaseUrl } : { dataDir: system.dataDir },
  );
  const outside = { ledgers, network: await sandbox.networkTransactions(), mails: await sandbox.mails() };
  const report = audit(books, outside, run.journeys);
  console.info(chaosSummary(run, report, { seed, totalMs: Date.now() - started, ...settled }));
  // Everything the audit saw, for looking into a failure: CHAOS_DUMP=/tmp/chaos.json
  if (process.env.CHAOS_DUMP)
    writeFileSync(process.env.CHAOS_DUMP, JSON.stringify({ run, books, outside, report }, null, 1));

  expect(run.crashes.length).toBeGreaterThanOrEqual(2);
  if (isReplicated(system)) expect(run.disruptions.map((done) => done.name)).toHaveLength(4);
  expect(report.statuses.SUCCESS ?? 0).toBeGreaterThan(payments / 4);
  expect(report.violations).toEqual([]);
});
