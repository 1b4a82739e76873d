import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ReplicatedSystem, startReplicatedSystem } from '../support/replicated-system.ts';
import { type RunningSystem, startSystem } from '../support/servers.ts';
import { newTestUser, registerThroughApi, type SignedInUser } from '../support/session.ts';
import {
  type AlertWatch,
  alertsOfFaults,
  firedLine,
  outageForAlerts,
  watchAlerts,
} from './support/alerts.ts';
import { audit, readDatabase } from './support/audit.ts';
import {
  type AutopayOutcome,
  type AutopayRecord,
  apiClockKeeper,
  driveAutopay,
  NEW_BILL_HOURS,
  planAutopay,
  setUpAutopay,
} from './support/autopay.ts';
import { auditAutopay } from './support/autopay-audit.ts';
import { planPayments } from './support/chaos-plan.ts';
import { awaitReconciliation, type Disruption, driveChaos } from './support/chaos-run.ts';
import type { Gateway } from './support/journeys.ts';
import { seededRandom } from './support/random.ts';
import { gateways, sandboxControl } from './support/sandbox.ts';
import { openShop, registerCustomers } from './support/shop.ts';
import { autopayLines, chaosSummary } from './support/summary.ts';

/**
 * Issue 9, item 4: N payments across PayU, PhonePe and Razorpay, over real HTTP, while the sandbox
 * injects gateway and network timeouts, errors, failures, pending answers, duplicate and
 * out-of-order callbacks, and the api is killed (SIGKILL) and restarted mid-flight. With
 * CHAOS_REPLICAS=N the payments go through nginx to N replicas on PostgreSQL and Redis, one replica at
 * a time is killed, all are rolled with SIGTERM, PostgreSQL sessions are ended and Redis restarted. Then, once
 * reconciliation is done, the database and the outside world's own records must agree: no order
 * lost, none charged twice, no bill paid twice, every charged order SUCCESS or REFUNDED, and
 * charged = paid to billers + test payments + refunded.
 *
 * Issue 25: beside them, AutoPay customers turn AutoPay on at PhonePe and Razorpay, and the test
 * clocks move on in steps so that notices and debits fall due under the same chaos, with faults at
 * notify and redeem; some customers skip, pause, cancel or pay by hand. The AutoPay audit adds: no
 * bill paid twice, every charged debit an order SUCCESS or REFUNDED, none without a notice 24 hours
 * ahead, none skipped, paused, cancelled or above the cap, failed ones retried only off-peak, then mailed.
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
/** Prometheus on the replicas, evaluating the alert rules (decision 130). */
let alerts: AlertWatch | undefined;
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

/** The api's own account of each 500 it answered (a run's violation may start there), from its log. */
function unhandledErrors(logPath: string): string {
  const lines = readFileSync(logPath, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"unhandled error"'));
  return [`api: ${lines.length} unhandled errors (500)`, ...lines.slice(0, 10)].join('\n');
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
    // AutoPay's days pass on the test clocks (decision 073); its customers' bills are checked at once.
    TEST_CLOCK: 'true',
    SANDBOX_NEW_BILL_HOURS: String(NEW_BILL_HOURS),
    BILL_CHECKS_PER_BILLER_PER_MINUTE: '60000',
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
  if (isReplicated(system)) alerts = await watchAlerts(system.metricsUrls);
});

afterAll(async () => {
  await alerts?.stop();
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
  // AutoPay's choices have a random of their own: the payments' plan stays what it was for a seed.
  const autopayRandom = seededRandom(seed + 25);
  const plans = planPayments(random, payments);
  const autopayCustomers = await registerCustomers(
    system,
    Math.min(40, Math.max(8, Math.ceil(payments / 8))),
    'autopay',
  );
  const autopayRecords: AutopayRecord[] = planAutopay(
    autopayRandom,
    autopayCustomers.length,
    new Set(plans.map((plan) => plan.numberFront.slice(0, 5))),
  ).map((plan, index) => ({
    plan,
    customer: autopayCustomers[index] as SignedInUser,
    nickname: `AutoPay ${plan.index}`,
    authorised: false,
    actions: [],
    interruptions: [],
    errors: [],
  }));
  const clocks = apiClockKeeper(() => (isReplicated(system) ? system.replicaUrls : [system.apiUrl]));
  let autopayOutcome: AutopayOutcome | undefined;
  const crashes = Math.max(2, Math.round(payments / 250));
  const run = await driveChaos({
    system,
    sandbox,
    shop,
    customers,
    merchant,
    plans,
    random,
    concurrency: Number(process.env.CHAOS_CONCURRENCY ?? 8),
    // Early enough that orders caught by the last crash can still be reconciled in the run.
    crashBefore: Array.from({ length: crashes }, (_, k) =>
      Math.floor(((k + 1) * payments * 0.7) / (crashes + 1)),
    ),
    waveEvery: Math.max(5, Math.round(payments / 40)),
    siteStaysUp: isReplicated(system),
    disruptions: isReplicated(system)
      ? [...replicaDisruptions(system), outageForAlerts(sandbox, Math.floor(payments * 0.5))]
      : [],
    alongside: async (tools) => {
      const context = { apiUrl: system.apiUrl, shop, sandbox };
      await setUpAutopay({ ...context, siteUp: tools.siteUp }, autopayRecords);
      autopayOutcome = await driveAutopay({
        ...context,
        random: autopayRandom,
        records: autopayRecords,
        clocks,
        pay: tools.pay,
        paymentsDone: tools.paymentsDone,
      });
    },
  });
  const known = new Set(run.journeys.flatMap((journey) => journey.orderIds));
  const settled = await awaitReconciliation(
    { system, sandbox, merchant },
    known,
    Number(process.env.CHAOS_SETTLE_SECONDS ?? 240) * 1000,
  );

  const fired = await alerts?.fired();
  // The books are read with the api stopped: its database is closed and nothing moves any more.
  await clocks.stop();
  await system.stopApi();
  const ledgers = Object.fromEntries(
    await Promise.all(gateways.map(async (gateway) => [gateway, await sandbox.ledger(gateway)] as const)),
  ) as Record<Gateway, Awaited<ReturnType<typeof sandbox.ledger>>>;
  const books = await readDatabase(
    isReplicated(system) ? { databaseUrl: system.databaseUrl } : { dataDir: system.dataDir },
  );
  const outside = { ledgers, network: await sandbox.networkTransactions(), mails: await sandbox.mails() };
  const report = audit(books, outside, run.journeys);
  const autopay = auditAutopay(
    books,
    { ...outside, mandateDebits: await sandbox.mandateDebits() },
    autopayRecords,
  );
  const timing = { seed, totalMs: Date.now() - started, ...settled };
  console.info(
    chaosSummary(run, report, timing, autopayOutcome ? autopayLines(autopayOutcome, autopay.figures) : []),
  );
  if (autopay.violations.length > 0)
    console.info(`AutoPay violations:\n  - ${autopay.violations.join('\n  - ')}`);
  if (isReplicated(system)) console.info(unhandledErrors(system.apiLogPath));
  if (fired) console.info(firedLine(fired));
  // Everything the audit saw, for looking into a failure: CHAOS_DUMP=/tmp/chaos.json
  if (process.env.CHAOS_DUMP)
    writeFileSync(
      process.env.CHAOS_DUMP,
      JSON.stringify({ run, books, outside, report, autopayRecords, autopay }, null, 1),
    );

  expect(run.crashes.length).toBeGreaterThanOrEqual(2);
  if (isReplicated(system)) expect(run.disruptions.map((done) => done.name)).toHaveLength(5);
  expect(report.statuses.SUCCESS ?? 0).toBeGreaterThan(payments / 4);
  expect(report.violations).toEqual([]);
  expect(autopay.violations).toEqual([]);
  // The run did what it is for: mandates approved at both gateways, and debits charged under the faults.
  expect(autopay.figures.authorised).toBeGreaterThan(autopayRecords.length / 2);
  expect(autopay.figures.charged).toBeGreaterThan(0);
  // The operator heard of the run's faults: the bill network and a gateway failing, a replica down.
  if (fired) expect(alertsOfFaults(fired)).toEqual(['BillNetworkFailing', 'GatewayFailing', 'ReplicaDown']);
});
