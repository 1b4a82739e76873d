import type {
  AutopayGateway,
  BillGateway,
  MandateHandOff,
  MyBill,
  TurnOnAutopayResponse,
} from '@erti/contracts';
import type { SignedInUser } from '../../support/session.ts';
import { ApiUnavailableError, callApi, expectOk, formOf, getPage, postForm } from './http.ts';
import { calmPayment, type JourneyRecord, type PaymentPlan, paymentSource } from './journeys.ts';
import type { Random } from './random.ts';
import type { FaultRule, SandboxControl } from './sandbox.ts';
import type { Shop } from './shop.ts';

/**
 * AutoPay under chaos (issue 25, item 6): customers add their electricity bill to My Bills and turn
 * AutoPay on through PhonePe's or Razorpay's mandate page over HTTP; then the test clocks of the api
 * and the sandbox move on in steps, so that new bills are found, notices go out and debits fall due
 * while the api is killed and restarted and the sandbox injects faults at notify and redeem. Some
 * customers skip the debit, pause or cancel AutoPay once its notice is out, or pay the bill by hand
 * just as the debit falls due; each answer is recorded for the audit.
 */

const HOUR = 3_600_000;
/**
 * The sandbox network issues a registered customer a new bill this long after their first (the run's
 * setting): the clocks jump past the first, and the run ends well before the second.
 */
export const NEW_BILL_HOURS = 400;
/** How far each step moves the clocks. */
const STEP_MS = 12 * HOUR;
/** Debits, notices and retries of the new bills fall within this many steps after it (due in 4 to 7 days, 48 h of retries). */
const STEPS_AFTER_NEW_BILL = 16;
/** The last steps bring no new faults, so that what they left can be retried to its end. */
const CALM_STEPS = 5;
/** The chance of a wave of mandate faults at a step. */
const WAVE_CHANCE = 0.4;
/** The longest a step waits for the api's jobs to catch up with the clocks (its job worker runs one at a time). */
const STEP_SETTLE_MS = 20_000;
const NOTICE_LEAD_MS = 25 * HOUR;

export type AutopayAction = 'none' | 'skip' | 'pause' | 'cancel' | 'payByHand';

export interface AutopayPlan {
  index: number;
  gateway: AutopayGateway;
  numberFront: string;
  ending: string;
  /** The largest bill AutoPay may pay, rupees: most are generous, a few below every bill (needs approval). */
  cap: string;
  daysBefore: number;
  action: AutopayAction;
  /** Where a customer who pays by hand does it. */
  handGateway: BillGateway;
}

/** What the customer did and was answered, for the audit: when, on the sandbox's clock and in real time. */
export interface AutopayCustomerAction {
  action: Exclude<AutopayAction, 'none' | 'payByHand'> | 'resume';
  billNumber: string;
  status: number;
  sandboxAt: number;
  realAt: number;
}

export interface AutopayRecord {
  plan: AutopayPlan;
  customer: SignedInUser;
  nickname: string;
  myBillId?: string;
  /** The mandate page was approved (the api may still be waiting to hear it). */
  authorised: boolean;
  actions: AutopayCustomerAction[];
  /** The bill number the customer paid by hand, and that payment's journey. */
  paidByHand?: { billNumber: string; journey: JourneyRecord };
  interruptions: string[];
  errors: string[];
}

/** What the customers do, in turn, so that even the short run has each (and most do nothing). */
const actions: readonly AutopayAction[] = [
  'payByHand',
  'skip',
  'none',
  'pause',
  'none',
  'cancel',
  'none',
  'payByHand',
];

/** `count` AutoPay customers, each with a consumer number no payment of the run uses. */
export function planAutopay(random: Random, count: number, taken: Set<string>): AutopayPlan[] {
  const plans: AutopayPlan[] = [];
  while (plans.length < count) {
    const front = random.digits(16);
    if (taken.has(front.slice(0, 5))) continue;
    taken.add(front.slice(0, 5));
    const action = actions[plans.length % actions.length] ?? 'none';
    plans.push({
      index: plans.length,
      gateway: random.chance(0.55) ? 'phonepe' : 'razorpay',
      numberFront: front,
      ending: String(random.int(2000, 8999)),
      cap: random.chance(0.1) ? '10' : '14000',
      daysBefore: random.int(0, 3),
      action,
      handGateway: random.chance(0.5) ? 'payu' : 'phonepe',
    });
  }
  return plans;
}

/** The mandate faults a step may bring, at notify and at redeem (or Razorpay's recurring payment). */
const notifyPaths = ['/phonepe/subscriptions/v2/notify', '/razorpay/v1/orders'];
const debitPaths = ['/phonepe/subscriptions/v2/redeem', '/razorpay/v1/payments/create/recurring'];
const mandateFaults: readonly { label: string; rules: (path: string) => FaultRule[] }[] = [
  { label: 'notice: gateway down', rules: (path) => [{ path, method: 'POST', kind: 'error', count: 2 }] },
  {
    label: 'notice: answered after we gave up',
    rules: (path) => [{ path, method: 'POST', kind: 'delay', delayMs: 4000, count: 1 }],
  },
  {
    label: 'notice: hangs, then 503',
    rules: (path) => [{ path, method: 'POST', kind: 'timeout', delayMs: 4000, count: 1 }],
  },
  { label: 'notice: not delivered', rules: (path) => [{ path, method: 'POST', kind: 'fail', count: 1 }] },
  { label: 'notice: callback lost', rules: (path) => [{ path, method: 'POST', kind: 'lost', count: 2 }] },
];
const debitFaults: typeof mandateFaults = [
  { label: 'debit: gateway down', rules: (path) => [{ path, method: 'POST', kind: 'error', count: 2 }] },
  {
    label: 'debit: answered after we gave up',
    rules: (path) => [{ path, method: 'POST', kind: 'delay', delayMs: 4000, count: 1 }],
  },
  {
    label: 'debit: hangs, then 503',
    rules: (path) => [{ path, method: 'POST', kind: 'timeout', delayMs: 4000, count: 1 }],
  },
  { label: 'debit: declined', rules: (path) => [{ path, method: 'POST', kind: 'fail', count: 2 }] },
  {
    label: 'debit: pending, then paid',
    rules: (path) => [{ path, method: 'POST', kind: 'pending', count: 1 }],
  },
  {
    label: 'debit: pending, then declined',
    rules: (path) => [
      { path, method: 'POST', kind: 'pending', count: 1 },
      { path, method: 'POST', kind: 'fail', count: 1 },
    ],
  },
  {
    label: 'debit: callback twice',
    rules: (path) => [{ path, method: 'POST', kind: 'duplicate', count: 2 }],
  },
  {
    label: 'debit: callbacks out of order',
    rules: (path) => [{ path, method: 'POST', kind: 'outOfOrder', count: 2 }],
  },
  { label: 'debit: callback lost', rules: (path) => [{ path, method: 'POST', kind: 'lost', count: 2 }] },
];

/** One wave of mandate faults: one at notify and one at debit, each at one gateway, by the seeded random. */
export function mandateFaultWave(random: Random): { labels: string[]; rules: FaultRule[] } {
  const notice = random.pick(mandateFaults);
  const debit = random.pick(debitFaults);
  return {
    labels: [notice.label, debit.label],
    rules: [...notice.rules(random.pick(notifyPaths)), ...debit.rules(random.pick(debitPaths))],
  };
}

/**
 * The api's test clock is one per process and starts again at zero when the process does (decision
 * 083): this keeps every api process (each replica, past nginx) at the run's offset, moving each one
 * that a crash or a restart set back. The only writer of the api's clocks, so that none overshoots.
 */
export function apiClockKeeper(processUrls: () => string[]) {
  let target = 0;
  let running = true;
  const offsets = new Map<string, number>();
  const move = async (url: string, advanceMs: number) => {
    const response = await fetch(`${url}/__test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`${url}/__test/clock answered ${response.status}`);
    return ((await response.json()) as { offsetMs: number }).offsetMs;
  };
  const sync = async (url: string) => {
    const offset = await move(url, 0);
    offsets.set(url, offset < target ? await move(url, target - offset) : offset);
  };
  const loop = (async () => {
    while (running) {
      await Promise.all(processUrls().map((url) => sync(url).catch(() => offsets.delete(url))));
      await sleep(250);
    }
  })();
  return {
    /** Sets the offset every process must reach; answers once all that answer have it (a dead one is waited for). */
    async moveTo(offsetMs: number, timeoutMs = 120_000) {
      target = offsetMs;
      const deadline = Date.now() + timeoutMs;
      while (processUrls().some((url) => (offsets.get(url) ?? -1) < target)) {
        if (Date.now() > deadline) throw new Error(`the api clocks did not reach +${offsetMs} ms`);
        await sleep(100);
      }
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface AutopayContext {
  apiUrl: string;
  shop: Shop;
  sandbox: SandboxControl;
}

const customerParamsOf = (shop: Shop, value: string) => [
  { name: shop.electricity.customerParams[0]?.paramName ?? '', value },
];

/** The electricity bill plan of a customer's payment (the fetch the bill page makes, or a payment by hand). */
function billPlan(plan: AutopayPlan, index: number): PaymentPlan {
  return {
    index,
    gateway: plan.handGateway,
    product: 'bill',
    numberFront: plan.numberFront,
    ending: plan.ending,
    amountPaise: 0,
    planIndex: 0,
    ...calmPayment(),
  };
}

/** The browser on the gateway's mandate page: PhonePe's link, Razorpay's checkout with recurring=1; approved, and back. */
async function authoriseMandate(handOff: MandateHandOff): Promise<void> {
  if (handOff.method === 'GET') {
    const page = await getPage(handOff.url);
    const form = formOf(page.html, handOff.url);
    const answer = await postForm(form.action, { ...form.fields, outcome: 'approve' });
    if (answer.status !== 303) throw new Error(`PhonePe's mandate page answered ${answer.status}`);
    await getPage(answer.location);
    return;
  }
  const checkout = await postForm(handOff.url, handOff.fields);
  if (checkout.status !== 200) throw new Error(`Razorpay's checkout answered ${checkout.status}`);
  const page = formOf(checkout.html, handOff.url);
  const result = await postForm(page.action, { ...page.fields, outcome: 'success', method: 'upi' });
  const back = formOf(result.html, page.action);
  await postForm(back.action, back.fields);
}

async function myBillOf(ctx: AutopayContext, record: AutopayRecord): Promise<MyBill | undefined> {
  const entries = await expectOk(
    callApi<MyBill[]>(ctx.apiUrl, 'GET', '/my-bills', { token: record.customer.Token }),
    'My Bills',
  );
  return entries.find((entry) => entry.id === record.myBillId);
}

/** Fetches the bill (the network registers the customer), adds it to My Bills, turns AutoPay on at the gateway. */
async function setUpOne(ctx: AutopayContext, record: AutopayRecord): Promise<void> {
  const { plan, customer } = record;
  const token = customer.Token;
  const journeyContext = { apiUrl: ctx.apiUrl, shop: ctx.shop, customer, flagPayment: async () => {} };
  const { source } = await paymentSource(journeyContext, billPlan(plan, plan.index));
  if (!record.myBillId) {
    const value = source.billReq?.billDetails.customerParams[0]?.value ?? '';
    const body = {
      billerId: ctx.shop.electricity.billerId,
      customerParams: customerParamsOf(ctx.shop, value),
      nickname: record.nickname,
    };
    const added = await callApi<MyBill>(ctx.apiUrl, 'POST', '/my-bills', { token, body });
    // Added before a crash took the answer: it is there now (409 names the duplicate).
    record.myBillId =
      added.status === 201
        ? added.body.id
        : (await expectOk(callApi<MyBill[]>(ctx.apiUrl, 'GET', '/my-bills', { token }), 'My Bills')).find(
            (entry) => entry.nickname === record.nickname,
          )?.id;
    if (!record.myBillId) throw new Error(`adding to My Bills answered ${added.status}`);
  }
  // Approved before an interruption took the rest of the journey: My Bills says AutoPay is on.
  if ((await myBillOf(ctx, record))?.autopay?.state === 'on') {
    record.authorised = true;
    return;
  }
  const answer = await callApi<TurnOnAutopayResponse>(
    ctx.apiUrl,
    'POST',
    `/my-bills/${record.myBillId}/autopay`,
    {
      token,
      body: { cap: plan.cap, daysBefore: plan.daysBefore, gateway: plan.gateway },
    },
  );
  if (answer.status === 502) throw new GatewayCouldNotStartError(JSON.stringify(answer.body).slice(0, 200));
  const turnedOn = await expectOk(Promise.resolve(answer), 'turning AutoPay on');
  await authoriseMandate(turnedOn.handOff);
  record.authorised = true;
}

/**
 * The api's 502 on turning AutoPay on: the gateway could not start it (one of the run's outside faults
 * on its orders or checkout), and the customer is told to try again.
 */
class GatewayCouldNotStartError extends Error {
  constructor(answer: string) {
    super(`turning AutoPay on answered 502 ${answer}`);
    this.name = 'GatewayCouldNotStartError';
  }
}

/**
 * Each AutoPay customer sets up, trying again (up to four times) when the api was down midway or the
 * gateway could not start AutoPay, as they are told to.
 */
export async function setUpAutopay(
  ctx: AutopayContext & { siteUp(): Promise<void> },
  records: AutopayRecord[],
  parallel = 4,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let record = records[next++]; record; record = records[next++]) {
      for (let attempt = 0; attempt < 4 && !record.authorised; attempt += 1) {
        try {
          await setUpOne(ctx, record);
        } catch (error) {
          if (error instanceof GatewayCouldNotStartError) {
            record.interruptions.push(error.message);
            continue;
          }
          if (!(error instanceof ApiUnavailableError)) {
            record.errors.push(`setting up: ${error instanceof Error ? error.message : String(error)}`);
            break;
          }
          record.interruptions.push(error.message);
          await ctx.siteUp();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

export interface AutopayRunSetup extends AutopayContext {
  random: Random;
  records: AutopayRecord[];
  clocks: ReturnType<typeof apiClockKeeper>;
  /** A payment by hand, as any customer of the run makes it (interruptions handled there). */
  pay(plan: PaymentPlan, customer: SignedInUser): Promise<JourneyRecord>;
  /** Resolves when the run's other payments are all done. */
  paymentsDone: Promise<void>;
}

export interface AutopayOutcome {
  steps: number;
  /** How far the clocks moved in all (hours). */
  movedHours: number;
  faultWaves: string[];
}

const DECIDED = new Set(['paid', 'failed', 'skipped', 'not-debited', 'needs-approval']);

/** Each AutoPay customer's entry as My Bills shows it (undefined while the api does not answer). */
const entriesOf = (ctx: AutopayRunSetup) =>
  Promise.all(
    ctx.records.map((record) =>
      record.myBillId ? myBillOf(ctx, record).catch(() => undefined) : Promise.resolve(undefined),
    ),
  );

/**
 * Waits (a while at most) until the api has done what the clocks made due: every notice whose time has
 * come has gone out, every debit whose time has come has begun. Answers the entries as they then are.
 */
async function caughtUp(ctx: AutopayRunSetup, offsetMs: number): Promise<(MyBill | undefined)[]> {
  const deadline = Date.now() + STEP_SETTLE_MS;
  for (;;) {
    const entries = await entriesOf(ctx);
    const now = Date.now() + offsetMs;
    const behind = entries.some((entry) => {
      const debit = entry?.autopay?.debit;
      const at = Date.parse(debit?.debitAt ?? '');
      return (
        (debit?.state === 'notifying' && at - NOTICE_LEAD_MS <= now) ||
        (debit?.state === 'scheduled' && at <= now)
      );
    });
    if (!behind || Date.now() > deadline) return entries;
    await sleep(300);
  }
}

/**
 * The customer's own move once the notice is out: skip, pause or cancel; and a customer who paused
 * resumes once the pause stopped the debit (decision 084: it is planned again). Every answer is recorded.
 */
async function act(ctx: AutopayRunSetup, record: AutopayRecord, entry: MyBill, offsetMs: number) {
  const debit = entry.autopay?.debit;
  const billNumber = debit?.billNumber ?? '';
  const stoppedByPause = entry.autopay?.state === 'paused' && debit?.outcome === 'paused';
  const action = stoppedByPause && record.actions.length === 1 ? 'resume' : record.plan.action;
  if (action !== 'resume' && (debit?.state !== 'scheduled' || record.actions.length > 0)) return;
  if (action !== 'skip' && action !== 'pause' && action !== 'cancel' && action !== 'resume') return;
  const path = `/my-bills/${record.myBillId}/autopay${action === 'cancel' ? '' : `/${action}`}`;
  const answer = await callApi(ctx.apiUrl, action === 'cancel' ? 'DELETE' : 'POST', path, {
    token: record.customer.Token,
  });
  const realAt = Date.now();
  record.actions.push({ action, billNumber, status: answer.status, sandboxAt: realAt + offsetMs, realAt });
  if (answer.status >= 500) record.errors.push(`${action} answered ${answer.status}`);
}

/**
 * Moves the clocks in steps until the new bills' debits are decided and the run's payments are done:
 * first past the network's new bill, then 8 hours at a time, with a wave of mandate faults per step,
 * the banks answering pending debits now and then, and the customers acting on what My Bills shows.
 */
export async function driveAutopay(ctx: AutopayRunSetup): Promise<AutopayOutcome> {
  const { sandbox, random, records } = ctx;
  let offset = 0;
  const faultWaves: string[] = [];
  const moveClocks = async (ms: number) => {
    offset = await sandbox.advanceClock(ms);
    await ctx.clocks.moveTo(offset);
  };
  await moveClocks((NEW_BILL_HOURS + 1) * HOUR);
  let paymentsDone = false;
  void ctx.paymentsDone.then(() => {
    paymentsDone = true;
  });
  const handPayments: Promise<unknown>[] = [];
  let steps = 0;
  for (; steps < STEPS_AFTER_NEW_BILL + 8; steps += 1) {
    const entries = await entriesOf(ctx);
    const pending = entries.filter((entry) => {
      const state = entry?.autopay?.debit?.state;
      return state !== undefined && !DECIDED.has(state);
    });
    if (steps >= STEPS_AFTER_NEW_BILL && paymentsDone && pending.length === 0) break;
    if (steps < STEPS_AFTER_NEW_BILL - CALM_STEPS && random.chance(WAVE_CHANCE)) {
      const wave = mandateFaultWave(random);
      faultWaves.push(...wave.labels);
      for (const rule of wave.rules) await sandbox.addFault(rule);
    }
    // Debits falling due in this step: their customers who pay by hand do it as the clocks move.
    const stepEnd = Date.now() + offset + STEP_MS;
    const handPayers = records.filter((record, index) => {
      const debit = entries[index]?.autopay?.debit;
      return (
        record.plan.action === 'payByHand' &&
        !record.paidByHand &&
        debit?.state === 'scheduled' &&
        Date.parse(debit.debitAt ?? '') <= stepEnd
      );
    });
    await moveClocks(STEP_MS);
    for (const record of handPayers) {
      const billNumber = entries[records.indexOf(record)]?.autopay?.debit?.billNumber ?? '';
      handPayments.push(
        ctx.pay(billPlan(record.plan, 100_000 + record.plan.index), record.customer).then((journey) => {
          record.paidByHand = { billNumber, journey };
        }),
      );
    }
    if (random.chance(0.5)) await sandbox.settleMandateDebits();
    const settled = await caughtUp(ctx, offset);
    await Promise.all(
      records.map(async (record, index) => {
        const entry = settled[index];
        if (!entry) return;
        await act(ctx, record, entry, offset).catch((error: unknown) => {
          if (!(error instanceof ApiUnavailableError)) throw error;
          record.interruptions.push(error.message);
        });
      }),
    );
  }
  await Promise.all(handPayments);
  await sandbox.settleMandateDebits();
  return { steps, movedHours: offset / HOUR, faultWaves };
}
