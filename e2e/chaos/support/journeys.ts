import type {
  BillRequest,
  BillResponse,
  CreateOrderResponse,
  Gateway,
  PaymentSource,
  PaymentStatusResponse,
  PayuHashResponse,
  PhonepePayResponse,
} from '@erti/contracts';
import type { SignedInUser } from '../../support/session.ts';
import {
  type ApiAnswer,
  ApiUnavailableError,
  callApi,
  expectOk,
  formOf,
  getPage,
  type HtmlForm,
  postForm,
} from './http.ts';
import { consumerNumber, type Shop } from './shop.ts';

/**
 * One customer's payment, done the way the site and the gateways' pages do it over HTTP: the bill
 * fetch (or recharge validation), the hand-off to the gateway, the gateway's pay page, the browser's
 * return to us, and the status modal's poll. What the customer does is decided beforehand (a
 * `PaymentPlan`), so that a seeded run repeats itself.
 */

/** The gateways: the contracts' list (decision 125). */
export type { Gateway };

/** Outcome flags a gateway's sandbox page reads from `/faults` for one payment. */
export type GatewayFlag = 'fail' | 'pending' | 'duplicate' | 'outOfOrder';
export type GatewayChoice = 'success' | 'failure' | 'pending';

/**
 * A payment that meets no trouble of its own: success pressed once, no gateway flags, the browser
 * comes back once and watches the status. Plans for AutoPay and for the load bench start from it.
 */
export function calmPayment(): Pick<
  PaymentPlan,
  'choice' | 'flags' | 'returnLost' | 'repeatReturn' | 'retryAtGateway' | 'pollsStatus' | 'twoTabs'
> {
  return {
    choice: 'success',
    flags: [],
    returnLost: false,
    repeatReturn: false,
    retryAtGateway: false,
    pollsStatus: true,
    twoTabs: false,
  };
}

export interface PaymentPlan {
  index: number;
  gateway: Gateway;
  /** PayU and PhonePe pay electricity bills (PhonePe also recharges); Razorpay is the test payment page. */
  product: 'bill' | 'recharge' | 'test';
  /** Digits the consumer or mobile number starts with (unique in a run), and its last four. */
  numberFront: string;
  ending: string;
  /** The test payment's amount (paise); which recharge plan. */
  amountPaise: number;
  planIndex: number;
  /** The outcome button the customer presses on the gateway's page. */
  choice: GatewayChoice;
  /** Faults the gateway's page applies to this payment (failed or pending anyway, callbacks twice or out of order). */
  flags: GatewayFlag[];
  /** The browser never comes back from the gateway (closed, network gone): no post back, no poll. */
  returnLost: boolean;
  /** The browser's return is posted twice (a double submit or a reload). */
  repeatReturn: boolean;
  /** After a failure the customer pays again on the same checkout (PayU and Razorpay allow it). */
  retryAtGateway: boolean;
  /** The customer watches the status modal, which polls the payment status. */
  pollsStatus: boolean;
  /** The same bill handed off twice at once (two tabs, a double click); each tab pays. */
  twoTabs: boolean;
  /** The customer leaves on the gateway's page without paying (the hand-off expires later). */
  leavesAtGateway?: boolean;
  /**
   * The customer leaves the gateway's page, comes back once we have closed the order and pays there
   * anyway (PayU's form posted again, Razorpay's order that never expires, PhonePe's later expiry).
   */
  paysAfterClose?: boolean;
}

/** What happened to one planned payment, from the customer's side. */
export interface JourneyRecord {
  plan: PaymentPlan;
  customerId: string;
  /** Our order ids the customer was told of (hand-off answers). */
  orderIds: string[];
  /** The api's refusals the customer saw (e.g. "payment in progress" for the second tab). */
  refusals: string[];
  /** Calls whose answer never came because the api was down; the journey stopped there. */
  interruptions: string[];
  /** Hand-off calls among them: an order may exist that the customer never heard of. */
  lostHandOffs: number;
  /** Anything else that went wrong (a bug in the system or in the journey). */
  errors: string[];
  attempts: number;
}

export interface JourneyContext {
  apiUrl: string;
  shop: Shop;
  customer: SignedInUser;
  /** Adds a gateway-side fault for one payment's page (a `/faults` rule on that exact path). */
  flagPayment(path: string, kind: GatewayFlag): Promise<void>;
  /** How long the status modal polls, and how often. */
  poll?: { times: number; everyMs: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newJourneyRecord(plan: PaymentPlan, customerId: string): JourneyRecord {
  return {
    plan,
    customerId,
    orderIds: [],
    refusals: [],
    interruptions: [],
    lostHandOffs: 0,
    errors: [],
    attempts: 0,
  };
}

const api = <T>(ctx: JourneyContext, method: 'GET' | 'POST', path: string, body?: unknown) =>
  callApi<T>(ctx.apiUrl, method, path, { token: ctx.customer.Token, body });

/** The bill fetch or recharge validation the payment screens carry (`PaymentSource`) and the amount shown. */
export async function paymentSource(
  ctx: JourneyContext,
  plan: PaymentPlan,
): Promise<{ source: PaymentSource; amount: string }> {
  const { shop } = ctx;
  if (plan.product === 'recharge') {
    const offered = shop.plans[plan.planIndex % shop.plans.length];
    if (!offered) throw new Error('no recharge plan');
    const mobile = `9${plan.numberFront.slice(0, 5)}${plan.ending}`;
    const validationReq: BillRequest = {
      chId: 1,
      isRealTimeFetch: true,
      custDetails: { mobileNo: mobile, customerTags: [] },
      billDetails: {
        billerId: shop.airtel.billerId,
        customerParams: [
          { name: 'Mobile Number', value: mobile },
          { name: 'Circle', value: shop.circle },
          { name: 'Id', value: offered.Id },
        ],
      },
      planId: offered.Id,
      amount: Math.round(offered.amountInRupees * 100),
    };
    const validationRes = await expectOk(
      api<BillResponse>(ctx, 'POST', '/bbps/prod/validate', validationReq),
      'recharge validation',
    );
    return {
      source: { validationReq, validationRes, plan: { id: offered.Id, categoryType: offered.categoryType } },
      amount: String(offered.amountInRupees),
    };
  }
  const biller = shop.electricity;
  const billReq: BillRequest = {
    chId: 1,
    isRealTimeFetch: true,
    custDetails: { mobileNo: ctx.customer.phone, customerTags: [] },
    billDetails: {
      billerId: biller.billerId,
      customerParams: [
        {
          name: biller.customerParams[0]?.paramName ?? '',
          value: consumerNumber(biller, plan.numberFront, plan.ending),
        },
      ],
    },
  };
  const billRes = await expectOk(
    api<BillResponse>(
      ctx,
      'POST',
      `/bbps/prod/bill/${encodeURIComponent(biller.billerCategoryName)}`,
      billReq,
    ),
    'bill fetch',
  );
  if (billRes.respCode !== 1) throw new Error(`bill fetch answered ${JSON.stringify(billRes).slice(0, 200)}`);
  return { source: { billReq, billRes }, amount: billRes.response.billerResponse?.amount ?? '' };
}

/**
 * A hand-off call (the order is created by it): a refusal is recorded and answers undefined; a call
 * without an answer counts as a lost hand-off (an order may exist) and stops the journey.
 */
async function handOff<T extends { orderId: string }>(
  ctx: JourneyContext,
  record: JourneyRecord,
  path: string,
  body: unknown,
): Promise<T | undefined> {
  let answer: ApiAnswer<T & { message?: string }>;
  try {
    answer = await api<T & { message?: string }>(ctx, 'POST', path, body);
  } catch (error) {
    if (error instanceof ApiUnavailableError) record.lostHandOffs += 1;
    throw error;
  }
  if (answer.status !== 200) {
    record.refusals.push(`${answer.status} ${answer.body.message ?? ''}`);
    return undefined;
  }
  record.orderIds.push(answer.body.orderId);
  return answer.body;
}

/** The browser's return to us from a gateway (a form post answered 303), unless it never happens. */
async function returnToSite(plan: PaymentPlan, back: HtmlForm): Promise<void> {
  if (plan.returnLost) return;
  const times = plan.repeatReturn ? 2 : 1;
  for (let time = 0; time < times; time += 1) {
    const answer = await postForm(back.action, back.fields);
    if (answer.status !== 303) throw new Error(`return to the site answered ${answer.status}`);
  }
}

/** The status modal: polls until the payment is decided, or gives up (the customer closes it). */
async function watchStatus(ctx: JourneyContext, plan: PaymentPlan, merchantOrderId: string): Promise<void> {
  if (!plan.pollsStatus || plan.returnLost) return;
  const { times, everyMs } = ctx.poll ?? { times: 6, everyMs: 1000 };
  for (let time = 0; time < times; time += 1) {
    const status = await expectOk(
      api<PaymentStatusResponse>(ctx, 'POST', '/phonepe/pay/status', { merchantOrderId }),
      'status poll',
    );
    if (status.status !== 'PENDING') return;
    await sleep(everyMs);
  }
}

/** How long a customer who left the gateway's page waits for us to close the order before paying. */
const CLOSE_WAIT_MS = 120_000;

/** The customer is away; the status page they come back to says the payment was closed (not pending). */
async function awaitClosed(ctx: JourneyContext, merchantOrderId: string): Promise<void> {
  const deadline = Date.now() + CLOSE_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(2000);
    const status = await expectOk(
      api<PaymentStatusResponse>(ctx, 'POST', '/phonepe/pay/status', { merchantOrderId }),
      'status poll',
    );
    if (status.status !== 'PENDING') return;
  }
  throw new Error(`${merchantOrderId} was not closed within ${CLOSE_WAIT_MS / 1000} s of being left`);
}

/** Each tab hands off and pays on its own: an interruption in one does not stop the other. */
async function inTabs(plan: PaymentPlan, tab: () => Promise<void>): Promise<void> {
  const tabs = await Promise.allSettled(Array.from({ length: plan.twoTabs ? 2 : 1 }, tab));
  const interrupted = tabs.find((result) => result.status === 'rejected');
  if (interrupted) throw interrupted.reason;
}

export const failedFirst = (plan: PaymentPlan) => plan.choice === 'failure' || plan.flags.includes('fail');

/** PayU's hosted checkout: the hand-off form, the outcome button; answers the return form to surl/furl. */
async function payAtPayu(
  ctx: JourneyContext,
  handoff: PayuHashResponse,
  choice: GatewayChoice,
  flags: GatewayFlag[],
): Promise<HtmlForm> {
  const checkout = await postForm(handoff.action, handoff.fields);
  if (checkout.status !== 200) throw new Error(`PayU checkout answered ${checkout.status}`);
  const page = formOf(checkout.html, handoff.action);
  for (const flag of flags) await ctx.flagPayment(new URL(page.action).pathname, flag);
  const result = await postForm(page.action, { outcome: choice });
  return formOf(result.html, page.action);
}

async function payWithPayu(
  ctx: JourneyContext,
  record: JourneyRecord,
  source: PaymentSource,
  amount: string,
) {
  const { plan } = record;
  const body = {
    ...source,
    mode: 'website',
    amount,
    firstname: ctx.customer.name.split(' ')[0],
    email: ctx.customer.email,
    phone: ctx.customer.phone,
    productinfo: ctx.shop.electricity.billerName,
    udf1: ctx.customer.UserId,
  };
  await inTabs(plan, async () => {
    const handoff = await handOff<PayuHashResponse>(ctx, record, '/payu/generate-hash', body);
    if (!handoff || plan.leavesAtGateway) return;
    if (plan.paysAfterClose) await awaitClosed(ctx, handoff.txnid);
    const flags = plan.flags.filter((flag) => flag === 'fail' || flag === 'pending');
    await returnToSite(plan, await payAtPayu(ctx, handoff, plan.choice, flags));
    if (plan.retryAtGateway && failedFirst(plan))
      await returnToSite(plan, await payAtPayu(ctx, handoff, 'success', []));
    await watchStatus(ctx, plan, handoff.txnid);
  });
}

async function payWithPhonepe(
  ctx: JourneyContext,
  record: JourneyRecord,
  source: PaymentSource,
  amount: string,
) {
  const { plan } = record;
  await inTabs(plan, async () => {
    const pay = await handOff<PhonepePayResponse>(ctx, record, '/phonepe/pay', { ...source, amount });
    if (!pay || plan.leavesAtGateway) return;
    if (plan.paysAfterClose) await awaitClosed(ctx, pay.merchantOrderId);
    const pagePath = new URL(pay.redirectUrl).pathname;
    for (const flag of plan.flags) await ctx.flagPayment(pagePath, flag);
    const page = await getPage(pay.redirectUrl);
    const form = formOf(page.html, pay.redirectUrl);
    // PhonePe tells us by S2S callback; the browser goes to our status page, which polls.
    await postForm(form.action, { outcome: plan.choice, paymentMode: 'UPI_INTENT' });
    await watchStatus(ctx, plan, pay.merchantOrderId);
  });
}

/** Razorpay's hosted checkout for our order; answers the callback form (success triple or error). */
async function payAtRazorpay(
  ctx: JourneyContext,
  order: CreateOrderResponse,
  outcome: 'success' | 'failure',
  flags: GatewayFlag[],
): Promise<HtmlForm> {
  const checkout = await postForm(order.checkoutUrl, {
    key_id: order.keyId,
    order_id: order.id,
    amount: String(order.amount),
    name: 'Erti Pay',
    description: 'Test payment',
    'prefill[name]': ctx.customer.name,
    'prefill[email]': ctx.customer.email,
    'prefill[contact]': ctx.customer.phone,
    callback_url: order.callbackUrl,
    cancel_url: order.cancelUrl,
  });
  if (checkout.status !== 200) throw new Error(`Razorpay checkout answered ${checkout.status}`);
  const page = formOf(checkout.html, order.checkoutUrl);
  for (const flag of flags) await ctx.flagPayment(new URL(page.action).pathname, flag);
  const result = await postForm(page.action, { ...page.fields, outcome, method: 'upi' });
  return formOf(result.html, page.action);
}

async function payTestWithRazorpay(ctx: JourneyContext, record: JourneyRecord) {
  const { plan } = record;
  const order = await handOff<CreateOrderResponse>(ctx, record, '/bbps/pg/create-order', {
    amount: plan.amountPaise,
    currency: 'INR',
    receipt: `chaos${String(plan.index).padStart(6, '0')}`,
    notes: { purpose: 'chaos test payment' },
  });
  if (!order || plan.leavesAtGateway) return;
  if (plan.paysAfterClose) await awaitClosed(ctx, order.orderId);
  const outcome = plan.choice === 'failure' ? 'failure' : 'success';
  const flags = plan.flags.filter((flag) => flag !== 'pending');
  await returnToSite(plan, await payAtRazorpay(ctx, order, outcome, flags));
  if (plan.retryAtGateway && failedFirst(plan))
    await returnToSite(plan, await payAtRazorpay(ctx, order, 'success', []));
  await watchStatus(ctx, plan, order.orderId);
}

/**
 * Runs one planned payment to its end from the customer's side. Throws `ApiUnavailableError` when
 * the api stops answering midway (the caller records it and may let the customer try again).
 */
export async function runJourney(ctx: JourneyContext, record: JourneyRecord): Promise<void> {
  record.attempts += 1;
  if (record.plan.product === 'test') return payTestWithRazorpay(ctx, record);
  const { source, amount } = await paymentSource(ctx, record.plan);
  if (record.plan.gateway === 'payu') return payWithPayu(ctx, record, source, amount);
  return payWithPhonepe(ctx, record, source, amount);
}
