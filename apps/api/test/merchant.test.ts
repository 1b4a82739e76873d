import type { Biller, MerchantHistoryPage, MerchantRefund, MerchantTransaction } from '@erti/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { orderEvents, refunds } from '../src/db/schema/payments.ts';
import { newId } from '../src/lib/ids.ts';
import { signedInUser, startBillPaymentEnv, type SignedInUser as User } from './support/bill-network.ts';
import {
  api,
  fetchBill,
  gatewayLedger,
  type Headers,
  paidAtPayu,
  payAtPhonepe,
  payAtRazorpay,
  postForm,
  settleGateway,
  settleJobs,
} from './support/payment-flows.ts';
import type { TestEnv } from './support/test-env.ts';

type Gateway = 'payu' | 'phonepe' | 'razorpay';

/** A paid order as the tests need it: our ids, its gateway, the gateway's ledger key and the charge. */
interface PaidOrder {
  orderId: string;
  merchantOrderId: string;
  gateway: Gateway;
  ledgerKey: string;
  totalPaise: number;
}

const LISTED_MERCHANT = 'listed.merchant@example.com';

let env: TestEnv;
let electricity: Biller;
let customer: User;
let merchant: User;
let billEnding = 4100;

beforeAll(async () => {
  ({ env, electricity, user: customer } = await startBillPaymentEnv({ MERCHANT_EMAILS: [LISTED_MERCHANT] }));
  merchant = await signedInUser(env, { role: 'merchant' });
});
afterAll(async () => {
  await env?.close();
});

/** A bill no other test pays (the sandbox answers by the last four digits). */
function nextBill() {
  billEnding += 1;
  return fetchBill(env, electricity, String(billEnding), customer.headers);
}

async function paidThroughPayu(): Promise<PaidOrder> {
  const bill = await nextBill();
  const handoff = await paidAtPayu(env, bill, customer, electricity.billerName);
  await settleJobs(env);
  return {
    orderId: handoff.orderId,
    merchantOrderId: handoff.txnid,
    gateway: 'payu',
    ledgerKey: handoff.txnid,
    totalPaise: handoff.charge.totalPaise,
  };
}

async function throughPhonepe(outcome: 'success' | 'failure'): Promise<PaidOrder> {
  const bill = await nextBill();
  const response = await api(env, 'POST', '/phonepe/pay', customer.headers, {
    amount: bill.amount,
    billReq: bill.billReq,
    billRes: bill.billRes,
  });
  const started = response.json();
  await payAtPhonepe(started.redirectUrl, outcome);
  await settleJobs(env);
  return {
    orderId: started.orderId,
    merchantOrderId: started.merchantOrderId,
    gateway: 'phonepe',
    ledgerKey: started.merchantOrderId,
    totalPaise: started.charge.totalPaise,
  };
}

/** A test payment through Razorpay: it needs no bill, so it is SUCCESS once the charge is confirmed. */
async function paidThroughRazorpay(amountPaise = 49_900): Promise<PaidOrder> {
  const response = await api(env, 'POST', '/bbps/pg/create-order', customer.headers, {
    amount: amountPaise,
    currency: 'INR',
    receipt: newId('r').slice(2, 14),
  });
  const order = response.json();
  const callback = await payAtRazorpay(order, 'success');
  await postForm(callback.action, callback.fields);
  await settleJobs(env);
  const { transactions } = await history({ search: order.orderId });
  return {
    orderId: order.orderId,
    merchantOrderId: transactions[0]?.merchantOrderId ?? '',
    gateway: 'razorpay',
    ledgerKey: order.id,
    totalPaise: amountPaise,
  };
}

const asMerchant = () => merchant.headers;

/** What the customer's payment status tells them about the order. */
async function customerStatusMessage(order: PaidOrder): Promise<string> {
  const response = await api(env, 'POST', '/phonepe/pay/status', customer.headers, {
    merchantOrderId: order.merchantOrderId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message;
}

async function history(body: object, headers: Headers = asMerchant()): Promise<MerchantHistoryPage> {
  const response = await api(env, 'POST', '/phonepe/merchant/history', headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function refundsPage(body: object): Promise<{ refunds: MerchantRefund[]; total: number }> {
  const response = await api(env, 'POST', '/phonepe/merchant/refunds', asMerchant(), body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const refund = (body: object, headers: Headers = {}) =>
  api(env, 'POST', '/phonepe/refund', { ...asMerchant(), ...headers }, body);

async function transactionOf(order: PaidOrder): Promise<MerchantTransaction> {
  const [transaction] = (await history({ search: order.orderId })).transactions;
  if (!transaction) throw new Error(`${order.orderId} is not in the history`);
  return transaction;
}

const refundRows = (order: PaidOrder) =>
  env.database.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));

const ledgerOf = (order: PaidOrder) => gatewayLedger(env, order.gateway, order.ledgerKey);

/** Lets the gateway complete its refunds and the reconciliation job notice. */
async function completeRefunds(order: PaidOrder) {
  await settleGateway(env, order.gateway);
  await settleJobs(env);
}

describe('who may use the merchant dashboard', () => {
  const endpoints = [
    ['/phonepe/merchant/history', {}],
    ['/phonepe/merchant/refunds', {}],
    ['/phonepe/refund', { merchantOrderId: 'EPX', refundNote: 'x' }],
  ] as const;

  it('refuses logged-out callers (401) and signed-in users who are not merchants (403), whatever the body', async () => {
    for (const [path, body] of endpoints) {
      for (const payload of [body, { nonsense: true }]) {
        const anonymous = await api(env, 'POST', path, {}, payload);
        expect(anonymous.statusCode, path).toBe(401);
        expect(anonymous.json().message).toBe('Please login to continue');
        const user = await api(env, 'POST', path, customer.headers, payload);
        expect(user.statusCode, path).toBe(403);
        expect(user.json().message).toBe('You are not allowed to open the merchant dashboard');
      }
    }
  });

  it('makes an account listed in MERCHANT_EMAILS a merchant on its first signed-in call, and no one else', async () => {
    const listed = await signedInUser(env);
    await env.database.db.update(users).set({ email: LISTED_MERCHANT }).where(eq(users.id, listed.userId));
    // The navigation bar's profile read is the first call after signing in: it already says merchant.
    const profile = await api(env, 'GET', `/users/profile/${listed.userId}`, listed.headers);
    expect(profile.json().role).toBe('merchant');
    const [row] = await env.database.db.select().from(users).where(eq(users.id, listed.userId));
    expect(row?.role).toBe('merchant');
    const response = await api(env, 'POST', '/phonepe/merchant/history', listed.headers, { page: 1 });
    expect(response.statusCode).toBe(200);
    const customerProfile = await api(env, 'GET', `/users/profile/${customer.userId}`, customer.headers);
    expect(customerProfile.json().role).toBe('user');
    const unlisted = await api(env, 'POST', '/phonepe/merchant/history', customer.headers, { page: 1 });
    expect(unlisted.statusCode).toBe(403);
  });
});

describe('transaction history', () => {
  let paid: PaidOrder;
  let failed: PaidOrder;
  let others: PaidOrder[];

  beforeAll(async () => {
    paid = await paidThroughPayu();
    failed = await throughPhonepe('failure');
    others = [await paidThroughRazorpay(10_000), await paidThroughRazorpay(20_000)];
  });

  it("answers the spec's plain list for an empty body: every gateway's orders, newest first, in rupees", async () => {
    const response = await api(env, 'POST', '/phonepe/merchant/history', asMerchant());
    expect(response.statusCode).toBe(200);
    const list = response.json() as MerchantTransaction[];
    expect(Array.isArray(list)).toBe(true);
    const ids = list.map((transaction) => transaction.orderId);
    const newestFirst = [...others].reverse().map((order) => order.orderId);
    expect(ids.slice(0, 2)).toEqual(newestFirst);
    expect(ids).toEqual(expect.arrayContaining([paid.orderId, failed.orderId]));
    const payu = list.find((transaction) => transaction.orderId === paid.orderId);
    expect(payu).toMatchObject({
      merchantOrderId: paid.merchantOrderId,
      gateway: 'payu',
      status: 'COMPLETED',
      amount: paid.totalPaise / 100,
      paymentMode: 'UPI',
      transactionId: expect.any(String),
      refundedAmount: 0,
      refundableAmount: paid.totalPaise / 100,
    });
    expect(Date.parse(payu?.date ?? '')).toBeGreaterThan(Date.now() - 120_000);
    expect(list.find((transaction) => transaction.orderId === failed.orderId)).toMatchObject({
      gateway: 'phonepe',
      status: 'FAILED',
      refundableAmount: 0,
    });
  });

  it('finds an order by the start of its merchant order id or our order id, in any case', async () => {
    const byMerchantId = await history({ search: paid.merchantOrderId.slice(0, 12).toLowerCase() });
    expect(byMerchantId.transactions.map((transaction) => transaction.orderId)).toEqual([paid.orderId]);
    const byOrderId = await history({ search: ` ${failed.orderId} ` });
    expect(byOrderId).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(byOrderId.transactions[0]?.orderId).toBe(failed.orderId);
    expect((await history({ search: 'EP%' })).total).toBe(0);
  });

  it('filters by status and pages through the result', async () => {
    const completed = await history({ status: 'COMPLETED', pageSize: 50 });
    expect(completed.transactions.every((transaction) => transaction.status === 'COMPLETED')).toBe(true);
    expect(completed.transactions.map((transaction) => transaction.orderId)).toEqual(
      expect.arrayContaining([paid.orderId, ...others.map((order) => order.orderId)]),
    );
    const failedOnly = await history({ status: 'FAILED', pageSize: 50 });
    expect(failedOnly.transactions.map((transaction) => transaction.orderId)).toContain(failed.orderId);
    expect(failedOnly.transactions.some((transaction) => transaction.orderId === paid.orderId)).toBe(false);

    const first = await history({ status: 'COMPLETED', page: 1, pageSize: 5 });
    const second = await history({ status: 'COMPLETED', page: 2, pageSize: 5 });
    expect(first.total).toBe(completed.total);
    expect(first.transactions).toEqual(completed.transactions.slice(0, 5));
    expect(second.transactions).toEqual(completed.transactions.slice(5, 10));
  });

  it('refuses a status, page size or field it does not know, with a clear message', async () => {
    for (const body of [{ status: 'DONE' }, { pageSize: 7 }, { page: 0 }, { sort: 'amount' }]) {
      const response = await api(env, 'POST', '/phonepe/merchant/history', asMerchant(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const size = await api(env, 'POST', '/phonepe/merchant/history', asMerchant(), { pageSize: 7 });
    expect(size.json().message).toContain('Page size must be one of 5, 10, 20, 50');
  });
});

describe('refunds by hand', () => {
  it('refunds a completed order through its gateway with a remark, recorded with who asked and why', async () => {
    const order = await paidThroughPayu();
    const response = await refund({
      merchantOrderId: order.merchantOrderId,
      refundNote: '  Customer paid twice ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(
      new RegExp(`^Refund of ₹[\\d,.]+ for order ${order.merchantOrderId} initiated\\. It must reach`),
    );
    // The site says it in the merchant's language from the key and the raw values.
    expect(response.json()).toMatchObject({
      messageKey: 'merchant.refundInitiated',
      messageValues: {
        amountPaise: order.totalPaise,
        orderId: order.merchantOrderId,
        deadlineAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });

    const { refunds: listed } = await refundsPage({ search: order.merchantOrderId });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      refundAmount: order.totalPaise / 100,
      refundStatus: 'PENDING',
      merchantOrderId: order.merchantOrderId,
      refundNote: 'Customer paid twice',
      requestedBy: merchant.email,
      gateway: 'payu',
      paymentMode: 'UPI',
      ageDays: 0,
      late: false,
      compensationOwed: 0,
      completedAt: null,
    });
    // A merchant's refund is due by the end of the fifth India day after the request (decision 063).
    const dueOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      Date.parse(listed[0]?.refundInitiatedAt ?? '') + 5 * 86_400_000,
    );
    expect(listed[0]?.deadline).toBe(new Date(`${dueOn}T23:59:59.999+05:30`).toISOString());
    expect((await transactionOf(order)).status).toBe('REFUND_PENDING');

    const events = await env.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.orderId), like(orderEvents.source, 'merchant:%')));
    const audit = events.find((event) => event.detail?.action === 'merchant-refund-requested');
    expect(audit).toMatchObject({
      source: `merchant:${merchant.userId}`,
      detail: { refundId: listed[0]?.refundId, note: 'Customer paid twice', amountPaise: order.totalPaise },
    });

    await completeRefunds(order);
    const [done] = (await refundsPage({ search: order.orderId })).refunds;
    expect(done).toMatchObject({ refundStatus: 'COMPLETED', completedAt: expect.any(String) });
    expect(await transactionOf(order)).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: order.totalPaise / 100,
      refundableAmount: 0,
    });
    expect(await ledgerOf(order)).toMatchObject({ refunds: 1, refunded: order.totalPaise });
  });

  it('refunds through PhonePe and Razorpay too: each order at the gateway that charged it', async () => {
    for (const order of [await throughPhonepe('success'), await paidThroughRazorpay()]) {
      const response = await refund({ merchantOrderId: order.orderId, refundNote: 'Service not delivered' });
      expect(response.statusCode, response.body).toBe(200);
      await completeRefunds(order);
      expect(await ledgerOf(order), order.gateway).toMatchObject({ refunds: 1, refunded: order.totalPaise });
      expect((await refundsPage({ search: order.orderId })).refunds[0]?.refundStatus).toBe('COMPLETED');
    }
  });

  it('moves money once when the same request arrives twice, with or without an idempotency key', async () => {
    const order = await paidThroughRazorpay(30_000);
    const body = { merchantOrderId: order.merchantOrderId, refundNote: 'Duplicate charge' };
    const [first, second] = await Promise.all([refund(body), refund(body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().message).toBe(first.json().message);

    const keyed = { merchantOrderId: order.merchantOrderId, refundNote: 'Part of it', amount: 5_000 };
    await completeRefunds(order);
    const other = await paidThroughRazorpay(30_000);
    const part = { ...keyed, merchantOrderId: other.merchantOrderId };
    const key = { 'idempotency-key': 'refund-key-0001' };
    expect((await refund(part, key)).statusCode).toBe(200);
    await completeRefunds(other);
    const again = await refund(part, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toContain('completed');

    expect(await refundRows(order)).toHaveLength(1);
    expect(await ledgerOf(order)).toMatchObject({ refunds: 1, refunded: 30_000 });
    expect(await refundRows(other)).toHaveLength(1);
    expect(await ledgerOf(other)).toMatchObject({ refunds: 1, refunded: 5_000 });
  });

  it('refuses a second refund with another remark while the first is in progress, keeping the first remark', async () => {
    const order = await paidThroughRazorpay(30_000);
    const asks = ['Duplicate charge', 'Customer asked', 'Wrong amount'].map((refundNote) =>
      refund({ merchantOrderId: order.merchantOrderId, refundNote }),
    );
    const answers = await Promise.all(asks);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json().message).toBe('A refund of this transaction is already in progress');
    }
    const rows = await refundRows(order);
    expect(rows).toHaveLength(1);
    const accepted = answers.findIndex((answer) => answer.statusCode === 200);
    expect(rows[0]?.note).toBe(['Duplicate charge', 'Customer asked', 'Wrong amount'][accepted]);
  });

  it('refunds part of an order, then what is left, and never more', async () => {
    const order = await paidThroughRazorpay(40_000);
    expect(
      (await refund({ merchantOrderId: order.orderId, refundNote: 'Fee waived', amount: 10_000 })).statusCode,
    ).toBe(200);
    const busy = await refund({ merchantOrderId: order.orderId, refundNote: 'More', amount: 20_000 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('A refund of this transaction is already in progress');
    expect(await customerStatusMessage(order)).toMatch(
      /^Your test payment is complete\. A refund of ₹100\.00 of your payment of ₹400\.00 is in progress and will reach you by /,
    );
    await completeRefunds(order);
    expect(await customerStatusMessage(order)).toBe(
      '₹100.00 of your payment of ₹400.00 has been refunded to your original payment method.',
    );
    expect(await transactionOf(order)).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: 100,
      refundableAmount: 300,
    });

    const tooMuch = await refund({ merchantOrderId: order.orderId, refundNote: 'Rest', amount: 30_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('At most ₹300.00 can be refunded');
    const rest = await refund({ merchantOrderId: order.orderId, refundNote: 'Rest' });
    expect(rest.statusCode).toBe(200);
    await completeRefunds(order);
    expect(await ledgerOf(order)).toMatchObject({ refunds: 2, refunded: 40_000 });
  });

  describe('refused requests move nothing', () => {
    let completed: PaidOrder;
    let failed: PaidOrder;

    beforeAll(async () => {
      completed = await paidThroughRazorpay(25_000);
      failed = await throughPhonepe('failure');
    });

    async function expectRefused(body: object, status: number, message: string, order: PaidOrder) {
      const refundsBefore = await refundRows(order);
      const ledgerBefore = await ledgerOf(order);
      const response = await refund(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
      expect(await refundRows(order)).toEqual(refundsBefore);
      expect(await ledgerOf(order)).toEqual(ledgerBefore);
    }

    it('a missing or blank remark', async () => {
      await expectRefused({ merchantOrderId: completed.orderId }, 400, 'Please enter a remark', completed);
      await expectRefused(
        { merchantOrderId: completed.orderId, refundNote: '   ' },
        400,
        'Please enter a remark',
        completed,
      );
    });

    it('a failed order, an unknown order and an amount above the charge', async () => {
      await expectRefused(
        { merchantOrderId: failed.merchantOrderId, refundNote: 'Please refund' },
        400,
        'Only completed transactions can be refunded',
        failed,
      );
      const unknown = await refund({ merchantOrderId: 'EPnosuchorder000000000', refundNote: 'x' });
      expect(unknown.statusCode).toBe(404);
      await expectRefused(
        { merchantOrderId: completed.orderId, refundNote: 'Too much', amount: 25_001 },
        400,
        'At most ₹250.00 can be refunded',
        completed,
      );
      await expectRefused(
        { merchantOrderId: completed.orderId, refundNote: 'Fractions', amount: 10.5 },
        400,
        'Amount must be whole paise',
        completed,
      );
    });

    it('a second full refund', async () => {
      const body = { merchantOrderId: completed.orderId, refundNote: 'Customer asked' };
      expect((await refund(body)).statusCode).toBe(200);
      await completeRefunds(completed);
      await expectRefused(body, 409, 'This payment has already been refunded in full', completed);
      expect(await ledgerOf(completed)).toMatchObject({ refunds: 1, refunded: 25_000 });
    });
  });
});

describe('refund list', () => {
  it('answers the plain list for an empty body and pages otherwise, newest first', async () => {
    const response = await api(env, 'POST', '/phonepe/merchant/refunds', asMerchant(), {});
    const plain = response.json() as MerchantRefund[];
    expect(Array.isArray(plain)).toBe(true);
    expect(plain.length).toBeGreaterThan(3);
    const times = plain.map((row) => Date.parse(row.refundInitiatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await refundsPage({ page: 2, pageSize: 5 });
    expect(page.total).toBe(plain.length);
    expect(page.refunds).toEqual(plain.slice(5, 10));
  });
});
