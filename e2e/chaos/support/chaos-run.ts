import type { MerchantHistoryPage, MerchantTransaction } from '@erti/contracts';
import type { RunningSystem } from '../../support/servers.ts';
import type { SignedInUser } from '../../support/session.ts';
import { outsideFaults } from './chaos-plan.ts';
import { ApiUnavailableError, callApi, expectOk } from './http.ts';
import {
  type JourneyContext,
  type JourneyRecord,
  newJourneyRecord,
  type PaymentPlan,
  runJourney,
} from './journeys.ts';
import type { Random } from './random.ts';
import { gateways, type SandboxControl, type StoredFaultRule } from './sandbox.ts';
import type { Shop } from './shop.ts';

/**
 * The conductor of a chaos run: customers pay concurrently while waves of outside faults are
 * injected and the api (or one replica) is killed (SIGKILL) and started again, and, with replicas,
 * the run's own disruptions happen; interrupted customers come back and
 * try again; then faults are lifted and reconciliation is given time to finish every order.
 */

export interface ChaosSetup {
  system: RunningSystem;
  sandbox: SandboxControl;
  shop: Shop;
  customers: SignedInUser[];
  merchant: SignedInUser;
  plans: PaymentPlan[];
  /** Chooses the fault waves and the moments of the crashes. */
  random: Random;
  concurrency: number;
  /** Before which payments (indexes) the api is killed. */
  crashBefore: number[];
  /**
   * Whether the site stays up while the api is killed (replicas behind nginx): customers then go on
   * paying instead of waiting for the restart.
   */
  siteStaysUp?: boolean;
  /** Other faults of the run's own (a rolling restart, ended database sessions, Redis restarted), each before a payment. */
  disruptions?: Disruption[];
  /** A wave of outside faults every this many payments. */
  waveEvery: number;
  /** Runs beside the payments (AutoPay's customers and clock steps), with the run's own way of paying. */
  alongside?: (tools: AlongsideTools) => Promise<void>;
}

/** What a part of the run beside the payments may use. */
export interface AlongsideTools {
  /** One payment by `customer`, interrupted ones tried again as every customer of the run does. */
  pay(plan: PaymentPlan, customer: SignedInUser): Promise<JourneyRecord>;
  /** Waits until the site answers again. */
  siteUp(): Promise<void>;
  /** Resolves once every planned payment is done. */
  paymentsDone: Promise<void>;
}

export interface Crash {
  beforePayment: number;
  /** From the kill until the restarted api answered. */
  downMs: number;
}

export interface Disruption {
  beforePayment: number;
  name: string;
  run(): Promise<void>;
}

export interface ChaosOutcome {
  journeys: JourneyRecord[];
  crashes: Crash[];
  /** The disruptions that happened, with how long each took. */
  disruptions: { name: string; beforePayment: number; ms: number }[];
  /** The fault rules as the sandbox counted them (hits), gateway-page flags included. */
  faultRules: StoredFaultRule[];
  driveMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer whose payment was interrupted tries at most this often in all. */
const MAX_ATTEMPTS = 3;

/** Waits until the site answers again (a customer reloading the page until it works). */
async function siteUp(apiUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${apiUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(500);
  }
  throw new Error(`the api did not come back within ${timeoutMs / 1000} s`);
}

/** Runs every planned payment through the system under faults and crashes. */
export async function driveChaos(setup: ChaosSetup): Promise<ChaosOutcome> {
  const { system, sandbox, plans, random } = setup;
  const started = Date.now();
  const journeys: JourneyRecord[] = [];
  const crashes: Crash[] = [];
  const crashing: Promise<void>[] = [];
  let apiBack: Promise<void> = Promise.resolve();

  const disruptions: ChaosOutcome['disruptions'] = [];
  const disrupt = async (disruption: Disruption, pauseMs: number) => {
    await sleep(pauseMs);
    const begun = Date.now();
    await disruption.run();
    disruptions.push({
      name: disruption.name,
      beforePayment: disruption.beforePayment,
      ms: Date.now() - begun,
    });
  };

  const crashApi = async (beforePayment: number, pauseMs: number) => {
    let restarted = () => {};
    // Customers already paying carry on into the crash; new ones wait until the site is back.
    await sleep(pauseMs);
    if (!setup.siteStaysUp)
      apiBack = new Promise((resolve) => {
        restarted = resolve;
      });
    const killedAt = Date.now();
    try {
      await system.killApi();
      await sleep(1000);
      await system.startApi();
      crashes.push({ beforePayment, downMs: Date.now() - killedAt });
    } finally {
      restarted();
    }
  };

  const context = (customer: SignedInUser): JourneyContext => ({
    apiUrl: system.apiUrl,
    shop: setup.shop,
    customer,
    flagPayment: async (path, kind) => {
      await sandbox.addFault({ path, method: 'POST', kind, count: 1 });
    },
  });

  /** One customer's payment; an interrupted bill or recharge is tried again once the site is back. */
  const pay = async (
    plan: PaymentPlan,
    customer = setup.customers[plan.index % setup.customers.length] as SignedInUser,
  ) => {
    const record = newJourneyRecord(plan, customer.UserId);
    journeys.push(record);
    while (record.attempts < MAX_ATTEMPTS) {
      try {
        await runJourney(context(customer), record);
        return record;
      } catch (error) {
        if (!(error instanceof ApiUnavailableError)) {
          record.errors.push(error instanceof Error ? error.message : String(error));
          return record;
        }
        record.interruptions.push(error.message);
        if (plan.product === 'test') return record;
        await apiBack;
        await siteUp(system.apiUrl);
      }
    }
    return record;
  };

  let next = 0;
  const customerLoop = async () => {
    for (let plan = plans[next++]; plan; plan = plans[next++]) {
      if (setup.crashBefore.includes(plan.index)) crashing.push(crashApi(plan.index, random.int(200, 1500)));
      for (const disruption of setup.disruptions ?? [])
        if (disruption.beforePayment === plan.index)
          crashing.push(disrupt(disruption, random.int(200, 1500)));
      if (plan.index % setup.waveEvery === 0) {
        await sandbox.addFault(random.pick(outsideFaults).rule);
      }
      await apiBack;
      await pay(plan);
    }
  };
  const payments = Promise.all(Array.from({ length: setup.concurrency }, customerLoop)).then(() => {});
  const alongside = setup.alongside?.({
    pay,
    siteUp: async () => {
      await apiBack;
      await siteUp(system.apiUrl);
    },
    paymentsDone: payments,
  });
  await payments;
  await alongside;
  await Promise.all(crashing);
  const faultRules = await sandbox.faults();
  await sandbox.clearFaults();
  return { journeys, crashes, disruptions, faultRules, driveMs: Date.now() - started };
}

/** Every order as the merchant dashboard shows it. */
async function merchantView(apiUrl: string, merchant: SignedInUser): Promise<MerchantTransaction[]> {
  const transactions: MerchantTransaction[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await expectOk(
      callApi<MerchantHistoryPage>(apiUrl, 'POST', '/phonepe/merchant/history', {
        token: merchant.Token,
        body: { page, pageSize: 50 },
      }),
      'merchant history',
    );
    transactions.push(...answer.transactions);
    if (page * answer.pageSize >= answer.total) return transactions;
  }
}

/** Paise the gateways' ledgers say were charged, in all. */
async function chargedAtGateways(sandbox: SandboxControl): Promise<number> {
  const ledgers = await Promise.all(gateways.map((gateway) => sandbox.ledger(gateway)));
  return ledgers.flat().reduce((total, entry) => total + entry.charged, 0);
}

/**
 * With the faults lifted, lets reconciliation finish: the gateways settle what they hold pending,
 * and the merchant's view is watched until every order a customer was told of is settled and every
 * paisa the gateways charged belongs to a completed or refunded order (a late charge on a failed
 * order is found by reconciliation a minute later), or the deadline passes.
 */
export async function awaitReconciliation(
  setup: Pick<ChaosSetup, 'system' | 'sandbox' | 'merchant'>,
  known: Set<string>,
  deadlineMs: number,
): Promise<{ settleMs: number; settled: boolean }> {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    await setup.sandbox.settleGateways();
    const orders = await merchantView(setup.system.apiUrl, setup.merchant);
    const unsettled = orders.filter(
      (order) =>
        known.has(order.orderId) && (order.status === 'PENDING' || order.status === 'REFUND_PENDING'),
    );
    const accounted = orders
      .filter((order) => order.status === 'COMPLETED' || order.status === 'REFUNDED')
      .reduce((total, order) => total + Math.round(order.amount * 100), 0);
    if (unsettled.length === 0 && accounted === (await chargedAtGateways(setup.sandbox)))
      return { settleMs: Date.now() - started, settled: true };
    await sleep(3000);
  }
  return { settleMs: Date.now() - started, settled: false };
}
