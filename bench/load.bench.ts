import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceTitles } from '@erti/contracts/catalogue';
import { type CallTiming, callApi, expectOk, getPage, observeCalls } from '../e2e/chaos/support/http.ts';
import {
  calmPayment,
  type JourneyContext,
  newJourneyRecord,
  type PaymentPlan,
  runJourney,
} from '../e2e/chaos/support/journeys.ts';
import { type Random, seededRandom } from '../e2e/chaos/support/random.ts';
import { consumerNumber, openShop, registerCustomers, type Shop } from '../e2e/chaos/support/shop.ts';
import { startReplicatedSystem } from '../e2e/support/replicated-system.ts';
import { type RunningSystem, startSystem } from '../e2e/support/servers.ts';
import type { SignedInUser } from '../e2e/support/session.ts';
import { percentile } from './support/statistics.ts';

/**
 * `npm run bench:load` (issue 9, item 3): simulated customers against a real api and sandbox (child
 * processes, PGlite), each one a loop of think time and an action: browse (the services page,
 * category lists, biller search, plans), fetch a bill, or pay (bill fetch or recharge validation,
 * the order, and for a share of them the gateway's page, the return and the status poll). Reports
 * errors, latency percentiles per action and per call, and throughput; writes bench/results/load.md.
 *
 * LOAD_USERS (200), LOAD_SECONDS (300), LOAD_ACCOUNTS (40 signed-up customers shared by the users),
 * LOAD_SEED. LOAD_TOPOLOGIES (`one,replicas-2`): the systems measured one after the other in the same
 * run, each with the same users: `one` is one api process on PGlite (as `npm start`), `replicas-N` is
 * nginx in front of N replicas on PostgreSQL (LOAD_DATABASE_URL's server, else the local one) and Redis
 * (decision 078).
 */

const users = Number(process.env.LOAD_USERS ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 300);
const accounts = Number(process.env.LOAD_ACCOUNTS ?? 40);
const seed = Number(process.env.LOAD_SEED ?? 3_2025);
const topologies = (process.env.LOAD_TOPOLOGIES ?? 'one,replicas-2').split(',').map((name) => name.trim());
const databaseServer = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A customer reads the page between actions for this long (ms). */
const THINK_MS = { min: 1000, max: 4000 };
/** Users start over this long, as traffic ramps up rather than arriving in one instant. */
const RAMP_MS = 10_000;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Samples {
  ms: number[];
  errors: number;
}

/** Latencies and errors, per action and per kind of request. */
class Recorder {
  readonly actions = new Map<string, Samples>();
  readonly calls = new Map<string, Samples>();
  readonly errors = new Map<string, number>();

  private static add(table: Map<string, Samples>, name: string, ms: number, failed: boolean) {
    const samples = table.get(name) ?? { ms: [], errors: 0 };
    samples.ms.push(ms);
    if (failed) samples.errors += 1;
    table.set(name, samples);
  }

  call(timing: CallTiming) {
    // Redirects are the gateways' and our own returns; anything 4xx or worse, or no answer, is an error.
    const failed = timing.status === 0 || timing.status >= 400;
    const name = timing.name.replace(/^GET \/api\/bbps\/prod\/[^/]+$/, 'GET /api/bbps/prod/:category');
    Recorder.add(this.calls, name, timing.ms, failed);
    if (failed) this.error(`${name} answered ${timing.status || 'nothing'}`);
  }

  action(name: string, ms: number, failed: boolean) {
    Recorder.add(this.actions, name, ms, failed);
  }

  error(what: string) {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the web app into a directory of this run's own, for the services page. */
function buildWeb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erti-load-web-'));
  execFileSync('npm', ['run', 'build', '-w', '@erti/web', '--', '--outDir', dir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
  });
  return dir;
}

interface World {
  system: RunningSystem;
  shop: Shop;
  circles: string[];
  customers: SignedInUser[];
  recorder: Recorder;
}

/** A bill or recharge paid (or only handed off: half the customers leave on the gateway's page). */
function paymentPlan(random: Random, index: number): PaymentPlan {
  const gateway = random.chance(0.5) ? 'payu' : 'phonepe';
  return {
    index,
    gateway,
    product: gateway === 'phonepe' && random.chance(0.3) ? 'recharge' : 'bill',
    numberFront: random.digits(16),
    ending: String(random.int(2000, 8999)),
    amountPaise: 0,
    planIndex: random.int(0, 50),
    ...calmPayment(),
    leavesAtGateway: random.chance(0.5),
  };
}

type Act = (world: World, random: Random, customer: SignedInUser, index: number) => Promise<unknown>;

/** What a visitor does while looking around: the services page, a category's billers, a search, plans. */
const browseActions: [name: string, act: Act][] = [
  [
    'browse: services page',
    async (world) => {
      const page = await getPage(`${world.system.apiUrl}/services`);
      if (!page.html.includes('<div id="root">')) throw new Error('the services page is not the app');
    },
  ],
  [
    'browse: category billers',
    (world, random) =>
      expectOk(
        callApi(world.system.apiUrl, 'GET', `/bbps/prod/${encodeURIComponent(random.pick(serviceTitles))}`),
        'category',
      ),
  ],
  [
    'browse: biller search',
    (world, random) =>
      expectOk(
        callApi(
          world.system.apiUrl,
          'GET',
          `/bbps/prod/Electricity?q=${random.pick(['ma', 'tata', 'bses', 'power', 'ut'])}&limit=20`,
        ),
        'biller search',
      ),
  ],
  [
    'browse: recharge plans',
    (world, random) =>
      expectOk(
        callApi(world.system.apiUrl, 'POST', '/bbps/prod/circle', {
          body: { billerId: world.shop.airtel.billerId, circle: random.pick(world.circles) },
        }),
        'plans',
      ),
  ],
];

const fetchBill: Act = async (world, random, customer) => {
  const biller = world.shop.electricity;
  const answer = await expectOk(
    callApi<{ respCode: number }>(world.system.apiUrl, 'POST', '/bbps/prod/bill/Electricity', {
      token: customer.Token,
      body: {
        chId: 1,
        isRealTimeFetch: true,
        custDetails: { mobileNo: customer.phone, customerTags: [] },
        billDetails: {
          billerId: biller.billerId,
          customerParams: [
            {
              name: biller.customerParams[0]?.paramName ?? '',
              value: consumerNumber(biller, random.digits(16), String(random.int(2000, 8999))),
            },
          ],
        },
      },
    }),
    'bill fetch',
  );
  if (answer.respCode !== 1) throw new Error('bill fetch answered no bill');
};

const pay: Act = async (world, random, customer, index) => {
  const record = newJourneyRecord(paymentPlan(random, index), customer.UserId);
  const context: JourneyContext = {
    apiUrl: world.system.apiUrl,
    shop: world.shop,
    customer,
    flagPayment: async () => {},
    poll: { times: 3, everyMs: 1000 },
  };
  await runJourney(context, record);
  if (record.refusals.length > 0) throw new Error(`payment refused: ${record.refusals.join('; ')}`);
};

/** One simulated customer: think, act, until the time is up. */
async function customerLoop(world: World, userIndex: number, until: number) {
  const random = seededRandom(seed * 1000 + userIndex);
  const customer = world.customers[userIndex % world.customers.length] as SignedInUser;
  await sleep(random.int(0, RAMP_MS));
  for (let action = 0; Date.now() < until; action += 1) {
    const roll = random.next();
    const [name, act] =
      roll < 0.6
        ? random.pick(browseActions)
        : roll < 0.85
          ? (['fetch: bill', fetchBill] as const)
          : (['pay: bill or recharge', pay] as const);
    const started = performance.now();
    let failed = false;
    try {
      await act(world, random, customer, userIndex * 100_000 + action);
    } catch (error) {
      failed = true;
      world.recorder.error(
        `${name}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200),
      );
    }
    world.recorder.action(name, performance.now() - started, failed);
    await sleep(random.int(THINK_MS.min, THINK_MS.max));
  }
}

function table(title: string, rows: Map<string, Samples>, elapsedSeconds: number): string[] {
  const lines = [
    `| ${title} | count | per s | errors | p50 ms | p95 ms | p99 ms | max ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, samples] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...samples.ms].sort((a, b) => a - b);
    const cells = [0.5, 0.95, 0.99].map((fraction) => percentile(sorted, fraction).toFixed(0));
    lines.push(
      `| ${name} | ${sorted.length} | ${(sorted.length / elapsedSeconds).toFixed(1)} | ${samples.errors} | ${cells.join(' | ')} | ${(sorted.at(-1) ?? 0).toFixed(0)} |`,
    );
  }
  return lines;
}

/** What a topology's name says: one process on PGlite, or N replicas behind nginx. */
function describe(topology: string): string {
  const replicas = /^replicas-(\d+)$/.exec(topology)?.[1];
  return replicas
    ? `nginx in front of ${replicas} api replicas on PostgreSQL and Redis`
    : 'one api process on PGlite (as npm start)';
}

async function startTopology(topology: string, webDir: string): Promise<RunningSystem> {
  const settings = { WEB_DIST_DIR: webDir, LOG_LEVEL: 'error' };
  const replicas = /^replicas-(\d+)$/.exec(topology)?.[1];
  if (replicas)
    return startReplicatedSystem({
      replicas: Number(replicas),
      serverUrl: databaseServer,
      extraEnv: settings,
    });
  if (topology !== 'one') throw new Error(`LOAD_TOPOLOGIES: "${topology}" is neither one nor replicas-N`);
  return startSystem(settings);
}

function section(topology: string, recorder: Recorder, elapsedSeconds: number): string {
  const requests = [...recorder.calls.values()].reduce((total, samples) => total + samples.ms.length, 0);
  const errors = [...recorder.errors.values()].reduce((total, count) => total + count, 0);
  return [
    `## ${topology}: ${describe(topology)}`,
    '',
    `**${requests} requests in ${elapsedSeconds.toFixed(0)} s: ${(requests / elapsedSeconds).toFixed(1)} requests/s, ${errors} errors.**`,
    '',
    ...table('action', recorder.actions, elapsedSeconds),
    '',
    ...table('request', recorder.calls, elapsedSeconds),
    '',
    errors === 0
      ? 'No errors.'
      : ['Errors:', '', ...[...recorder.errors].map(([what, count]) => `- ${count} × ${what}`)].join('\n'),
    '',
  ].join('\n');
}

function header(): string {
  const cpu = cpus();
  return [
    '# Load: simulated customers browsing, fetching bills and paying',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `(shared with other work), Node ${process.version}, sandbox gateways and bill network, every topology in this run.`,
    `${users} users for ${seconds} s each (think time ${THINK_MS.min / 1000}-${THINK_MS.max / 1000} s, ${accounts} accounts,`,
    `seed ${seed}): browse 60%, bill fetch 25%, pay 15% (half complete the gateway page, return and poll).`,
    '',
  ].join('\n');
}

/** The users against one topology; answers its section of the report. */
async function measure(topology: string, webDir: string): Promise<string> {
  console.info(`Starting ${describe(topology)}…`);
  const system = await startTopology(topology, webDir);
  try {
    const shop = await openShop(system.apiUrl);
    const circles = await expectOk(
      callApi<string[]>(system.apiUrl, 'POST', '/bbps/prod/billerplan/circle', {
        body: { billerId: shop.airtel.billerId },
      }),
      'circles',
    );
    const customers = await registerCustomers(system, accounts, 'load');
    const recorder = new Recorder();
    observeCalls((timing) => recorder.call(timing));
    const world: World = { system, shop, circles, customers, recorder };
    const started = Date.now();
    await Promise.all(
      Array.from({ length: users }, (_, index) => customerLoop(world, index, started + seconds * 1000)),
    );
    observeCalls(undefined);
    return section(topology, recorder, (Date.now() - started) / 1000);
  } finally {
    await system.stop();
  }
}

async function main() {
  console.info(`Building the web app (${users} users, ${seconds} s on each of ${topologies.join(', ')})…`);
  const webDir = buildWeb();
  try {
    const sections: string[] = [];
    for (const topology of topologies) {
      sections.push(await measure(topology, webDir));
      console.info(sections.at(-1));
    }
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/load.md'), [header(), ...sections].join('\n'));
  } finally {
    rmSync(webDir, { recursive: true, force: true });
  }
}

await main();
