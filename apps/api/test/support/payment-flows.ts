import type { Biller, BillRequest, BillResponse, OrderDetail, PayuHashResponse, Plan } from '@erti/contracts';
import { sql } from 'drizzle-orm';
import { customerNumber } from './bill-network.ts';
import type { TestEnv } from './test-env.ts';

/**
 * Drives a payment the way the browser would: the api's calls through `inject`, the gateways' pages
 * and form posts over real HTTP, following what each HTML page would submit.
 */

export type Headers = Record<string, string>;

export interface FetchedBill {
  billReq: BillRequest;
  billRes: BillResponse;
  /** Rupees, as the confirmation screen shows it. */
  amount: string;
}

export const api = (env: TestEnv, method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  env.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Fetches a bill of a single-parameter biller for a customer number ending in `ending`. */
export async function fetchBill(
  env: TestEnv,
  biller: Biller,
  ending: string,
  headers: Headers,
): Promise<FetchedBill> {
  const billReq: BillRequest = {
    chId: 1,
    isRealTimeFetch: true,
    custDetails: { mobileNo: '9876543210', customerTags: [] },
    billDetails: {
      billerId: biller.billerId,
      customerParams: [
        { name: biller.customerParams[0]?.paramName ?? '', value: customerNumber(biller, ending) },
      ],
    },
  };
  const response = await api(
    env,
    'POST',
    `/bbps/prod/bill/${encodeURIComponent(biller.billerCategoryName)}`,
    headers,
    billReq,
  );
  const billRes = response.json() as BillResponse;
  if (response.statusCode !== 200 || billRes.respCode !== 1)
    throw new Error(`bill fetch failed: ${response.body}`);
  return { billReq, billRes, amount: billRes.response.billerResponse?.amount ?? '' };
}

/** The hidden fields and action of the (first) form of an HTML page. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const decode = (value: string) =>
    value
      .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
      .replace(/&amp;/g, '&');
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[decode(match[1] ?? '')] = decode(match[2] ?? '');
  return { action: decode(action), fields };
}

/** A browser form post (url-encoded), not following redirects. */
export async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    html: await response.text(),
  };
}

const absolute = (base: string, path: string) => new URL(path, base).toString();

/**
 * PayU: posts the api's `fields` to `action` (the checkout page), picks `outcome` there (or pays with a
 * card number), then answers the auto-submitting return form PayU's page would post to surl/furl.
 */
export async function payAtPayu(
  handoff: { action: string; fields: Record<string, string> },
  choice: { outcome: 'success' | 'failure' | 'pending' } | { cardNumber: string },
): Promise<{ action: string; fields: Record<string, string> }> {
  const checkout = await postForm(handoff.action, handoff.fields);
  if (checkout.status !== 200) throw new Error(`PayU checkout refused: ${checkout.html.slice(0, 300)}`);
  const page = formOf(checkout.html);
  const body: Record<string, string> =
    'outcome' in choice ? { outcome: choice.outcome } : { outcome: 'card', cardNumber: choice.cardNumber };
  const result = await postForm(absolute(handoff.action, page.action), body);
  return formOf(result.html);
}

/** The api's PayU hand-off of a fetched bill for `customer`, as the web site asks for it (the raw answer). */
export function askPayuHandOff(
  env: TestEnv,
  bill: FetchedBill,
  customer: { userId: string; email: string; headers: Headers },
  productinfo: string,
) {
  return api(env, 'POST', '/payu/generate-hash', customer.headers, {
    mode: 'website',
    amount: bill.amount,
    firstname: 'Asha',
    email: customer.email,
    phone: '9876543210',
    productinfo,
    udf1: customer.userId,
    billReq: bill.billReq,
    billRes: bill.billRes,
  });
}

/**
 * A fetched bill paid at PayU as the web site pays it: the hand-off for `customer`, success on PayU's
 * page and its post back to us. Answers the api's hand-off.
 */
export async function paidAtPayu(
  env: TestEnv,
  bill: FetchedBill,
  customer: { userId: string; email: string; headers: Headers },
  productinfo: string,
): Promise<PayuHashResponse> {
  const response = await askPayuHandOff(env, bill, customer, productinfo);
  const handoff: PayuHashResponse = response.json();
  const back = await payAtPayu(handoff, { outcome: 'success' });
  await postForm(back.action, back.fields);
  return handoff;
}

/** PhonePe: picks `outcome` on the pay page; answers where PhonePe sends the browser back. */
export async function payAtPhonepe(redirectUrl: string, outcome: 'success' | 'failure' | 'pending') {
  const page = await fetch(redirectUrl);
  const { action } = formOf(await page.text());
  const result = await postForm(absolute(redirectUrl, action), { outcome, paymentMode: 'UPI_INTENT' });
  return result.location;
}

/** Razorpay: the hosted checkout form post, then `outcome` on its page; answers the callback form. */
export async function payAtRazorpay(
  order: {
    checkoutUrl: string;
    keyId: string;
    id: string;
    amount: number;
    callbackUrl: string;
    cancelUrl: string;
  },
  outcome: 'success' | 'failure',
) {
  const checkout = await postForm(order.checkoutUrl, {
    key_id: order.keyId,
    order_id: order.id,
    amount: String(order.amount),
    name: 'Erti Pay',
    description: 'Test payment',
    'prefill[name]': 'Asha Rao',
    'prefill[email]': 'asha@example.com',
    'prefill[contact]': '9876543210',
    callback_url: order.callbackUrl,
    cancel_url: order.cancelUrl,
  });
  if (checkout.status !== 200) throw new Error(`Razorpay checkout refused: ${checkout.html.slice(0, 300)}`);
  const page = formOf(checkout.html);
  const result = await postForm(absolute(order.checkoutUrl, page.action), {
    ...page.fields,
    outcome,
    method: 'upi',
  });
  return formOf(result.html);
}

/** Runs background jobs until none is due, making every queued job due first (the worker is off in tests). */
export async function settleJobs(env: TestEnv, rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await env.database.db.execute(
      sql`update jobs set run_at = now() where status = 'queued' and kind like 'payments.%'`,
    );
    if ((await env.runJobs()) === 0) return;
  }
}

/** Lets the sandbox gateway settle pending payments and complete refunds now. */
export async function settleGateway(env: TestEnv, gateway: 'payu' | 'phonepe' | 'razorpay') {
  await fetch(`${env.sandboxUrl}/${gateway}/_sandbox/settle`, { method: 'POST' });
}

export interface LedgerEntry {
  order: string;
  charged: number;
  charges: number;
  refunded: number;
  refunds: number;
}

export async function gatewayLedger(env: TestEnv, gateway: 'payu' | 'phonepe' | 'razorpay', order: string) {
  const response = await fetch(`${env.sandboxUrl}/${gateway}/_sandbox/ledger`);
  const { orders } = (await response.json()) as { orders: LedgerEntry[] };
  return orders.find((entry) => entry.order === order);
}

/** What the bill network received for one of our orders (its clientRequestId). */
export async function networkPayments(env: TestEnv, orderId: string) {
  const response = await fetch(`${env.sandboxUrl}/bou/_sandbox/transactions`);
  const { transactions } = (await response.json()) as {
    transactions: {
      clientRequestId: string;
      status: string;
      payCalls: number;
      txnReferenceId: string | null;
      amount: string;
      planId: string | null;
    }[];
  };
  return transactions.filter((entry) => entry.clientRequestId === orderId);
}

export async function orderOf(env: TestEnv, orderId: string, headers: Headers): Promise<OrderDetail> {
  const response = await api(env, 'GET', `/orders/${orderId}`, headers);
  if (response.statusCode !== 200) throw new Error(`order ${orderId}: ${response.body}`);
  return response.json();
}

export interface ValidatedRecharge {
  validationReq: BillRequest;
  validationRes: BillResponse;
  plan: { id: string; categoryType: string };
  /** Rupees, as the plan list shows it. */
  amount: string;
}

/** Validates a prepaid recharge of `number` with the first plan of `circle` (the recharge screen's flow). */
export async function validateRecharge(
  env: TestEnv,
  biller: Biller,
  number: string,
  circle: string,
  headers: Headers,
): Promise<ValidatedRecharge> {
  const plans = await api(env, 'POST', '/bbps/prod/circle', {}, { billerId: biller.billerId, circle });
  const [plan] = plans.json() as Plan[];
  if (!plan) throw new Error(`no plans for ${biller.billerId} in ${circle}`);
  const validationReq: BillRequest = {
    chId: 1,
    isRealTimeFetch: true,
    custDetails: { mobileNo: number, customerTags: [] },
    billDetails: {
      billerId: biller.billerId,
      customerParams: [
        { name: 'Mobile Number', value: number },
        { name: 'Circle', value: circle },
        { name: 'Id', value: plan.Id },
      ],
    },
    planId: plan.Id,
    amount: Math.round(plan.amountInRupees * 100),
  };
  const response = await api(env, 'POST', '/bbps/prod/validate', headers, validationReq);
  const validationRes = response.json() as BillResponse;
  if (response.statusCode !== 200 || validationRes.respCode !== 1)
    throw new Error(`validation failed: ${response.body}`);
  return {
    validationReq,
    validationRes,
    plan: { id: plan.Id, categoryType: plan.categoryType },
    amount: String(plan.amountInRupees),
  };
}
