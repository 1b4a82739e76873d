import { type Biller, paymentMessages, type SavedBill } from '@erti/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { gatewayEvents, orders } from '../src/db/schema/payments.ts';
import { createSmtpMailer } from '../src/integrations/mail/mailer.ts';
import { runDueJobs } from '../src/jobs/job-queue.ts';
import { signedInUser, startBillPaymentEnv, type SignedInUser as User } from './support/bill-network.ts';
import {
  api,
  fetchBill,
  formOf,
  gatewayLedger,
  networkPayments,
  orderOf,
  payAtPayu,
  postForm,
  settleGateway,
  settleJobs,
} from './support/payment-flows.ts';
import { SANDBOX_SETTLES_AFTER_MS, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
let electricity: Biller;
let user: User;

beforeAll(async () => {
  ({ env, electricity, user } = await startBillPaymentEnv({
    BBPS_TIMEOUT_MS: 3_000,
    GATEWAY_TIMEOUT_MS: 3_000,
  }));
});
afterAll(async () => {
  await env?.close();
});
afterEach(async () => {
  env.sandbox.faults.clear();
  await fetch(`${env.sandboxUrl}/bou/_sandbox/clock`, { method: 'DELETE' });
});

const hashRequest = (
  bill: Awaited<ReturnType<typeof fetchBill>>,
  as: User,
  amount: string = bill.amount,
) => ({
  mode: 'website',
  amount,
  firstname: 'Asha',
  lastname: 'Rao',
  email: as.email,
  phone: '9876543210',
  productinfo: electricity.billerName,
  udf1: as.userId,
  billReq: bill.billReq,
  billRes: bill.billRes,
});

async function handOff(ending: string, as: User = user) {
  const bill = await fetchBill(env, electricity, ending, as.headers);
  const response = await api(env, 'POST', '/payu/generate-hash', as.headers, hashRequest(bill, as));
  expect(response.statusCode, response.body).toBe(200);
  return { bill, handoff: response.json() };
}

/** Pays at PayU and posts PayU's answer back to us as the browser would; answers our redirect. */
async function payAndReturn(ending: string, outcome: 'success' | 'failure' | 'pending', as: User = user) {
  const { bill, handoff } = await handOff(ending, as);
  const back = await payAtPayu(handoff, { outcome });
  const returned = await postForm(back.action, back.fields);
  return { bill, handoff, back, returned };
}

/** The user's saved bill of this fetch, as the biller page's Recent Bills lists it. */
async function savedBillOf(bill: Awaited<ReturnType<typeof fetchBill>>, as: User = user) {
  const response = await api(env, 'POST', '/bbps/prod/mybills/category', as.headers, {
    category: electricity.billerCategoryName,
  });
  const billNumber = bill.billRes.response.billerResponse?.billNumber;
  return (response.json() as SavedBill[]).find((saved) => saved.billNumber === billNumber);
}

const ordersOfUser = (userId: string) =>
  env.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('PayU hand-off', () => {
  it('prices the order on the server and signs exactly the fields the browser posts', async () => {
    const { bill, handoff } = await handOff('2301');
    const billPaise = Math.round(Number(bill.amount) * 100);
    expect(handoff).toMatchObject({
      orderId: expect.stringMatching(/^ord_/),
      txnid: expect.stringMatching(/^EP[A-Za-z0-9]{20}$/),
      action: `${env.sandboxUrl}/payu/_payment`,
      charge: { amountPaise: billPaise },
    });
    expect(handoff.charge.totalPaise).toBe(billPaise + handoff.charge.convenienceFeePaise);
    expect(Object.keys(handoff.fields).sort()).toEqual(
      [
        'amount',
        'email',
        'firstname',
        'furl',
        'hash',
        'key',
        'lastname',
        'phone',
        'productinfo',
        'surl',
        'txnid',
        'udf1',
      ].sort(),
    );
    expect(handoff.fields).toMatchObject({
      txnid: handoff.txnid,
      hash: handoff.hash,
      amount: (handoff.charge.totalPaise / 100).toFixed(2),
      productinfo: electricity.billerName,
      udf1: user.userId,
      surl: `${env.apiUrl}/api/payu/payment-success`,
      furl: `${env.apiUrl}/api/payu/payment-failure`,
    });
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('PAYMENT_PENDING');
  });

  it('opens the order with its trail, its follow-up and the payer copied from the account', async () => {
    const payer = await signedInUser(env, { phone: '9123456780' });
    const bill = await fetchBill(env, electricity, '2304', payer.headers);
    const { firstname: _, email: __, phone: ___, lastname: ____, ...bare } = hashRequest(bill, payer);
    const response = await api(env, 'POST', '/payu/generate-hash', payer.headers, bare);
    expect(response.statusCode, response.body).toBe(200);
    const handoff = response.json();
    // The form is filled from the account when the body leaves the payer out.
    expect(handoff.fields).toMatchObject({
      firstname: 'Asha',
      lastname: 'Rao',
      email: payer.email,
      phone: '9123456780',
    });
    const [order] = await env.database.db.select().from(orders).where(eq(orders.id, handoff.orderId));
    expect(order?.payer).toEqual({ name: 'Asha Rao', email: payer.email, phone: '9123456780' });
    const detail = await orderOf(env, handoff.orderId, payer.headers);
    expect(detail.events.map((event) => event.toStatus)).toEqual(['CREATED', 'PAYMENT_PENDING']);
    const [job] = await env.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'orderId' = ${handoff.orderId}`);
    expect(job).toMatchObject({ kind: 'payments.reconcile', status: 'queued' });
  });

  it('refuses an amount that disagrees with the fetched bill, and creates nothing', async () => {
    const before = (await ordersOfUser(user.userId)).length;
    const bill = await fetchBill(env, electricity, '2302', user.headers);
    const tampered = (Number(bill.amount) - 1).toFixed(2);
    const response = await api(
      env,
      'POST',
      '/payu/generate-hash',
      user.headers,
      hashRequest(bill, user, tampered),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(paymentMessages.amountMismatch);
    expect(await ordersOfUser(user.userId)).toHaveLength(before);
  });

  it('refuses an amount the rupee parser cannot read with a 400 saying why, never rounding it to the bill', async () => {
    const before = (await ordersOfUser(user.userId)).length;
    const bill = await fetchBill(env, electricity, '2304', user.headers);
    const [rupees, paise = '00'] = bill.amount.split('.');
    const refused: [string | number, string][] = [
      // toFixed(2) took this for the bill's amount, a fraction of a paisa short of it.
      [Number(`${rupees}.${paise}4`), 'Amount must have at most two decimals'],
      [`${rupees}.${paise}0`, 'Amount must have at most two decimals'],
      [`${bill.amount}e0`, 'Amount must not have an exponent'],
      [`+${bill.amount}`, 'Amount must not have a sign'],
      [`${rupees},${paise}`, 'Amount must be digits with a decimal point, without other separators'],
      ['1000000000.00', 'Amount must be at most 999999999.99 rupees'],
      ['0.00', 'Amount must be greater than 0'],
    ];
    for (const [amount, message] of refused) {
      const body = { ...hashRequest(bill, user), amount };
      const response = await api(env, 'POST', '/payu/generate-hash', user.headers, body);
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().message, String(amount)).toContain(message);
    }
    expect(await ordersOfUser(user.userId)).toHaveLength(before);
  });

  it("refuses another user's bill fetch, a missing one, and a caller who is not signed in", async () => {
    const bill = await fetchBill(env, electricity, '2303', user.headers);
    const stranger = await signedInUser(env);
    const theirs = await api(
      env,
      'POST',
      '/payu/generate-hash',
      stranger.headers,
      hashRequest(bill, stranger),
    );
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(paymentMessages.sourceMissing);
    const { billRes: _dropped, ...withoutBill } = hashRequest(bill, user);
    expect((await api(env, 'POST', '/payu/generate-hash', user.headers, withoutBill)).statusCode).toBe(400);
    const anonymous = await api(env, 'POST', '/payu/generate-hash', {}, hashRequest(bill, user));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please login to continue');
  });
});

describe('PayU payment', () => {
  it('pays a fetched bill: verified post back, confirmed charge, bill paid on the network, e-mail', async () => {
    const { bill, handoff, back, returned } = await payAndReturn('2311', 'success');
    expect((await savedBillOf(bill))?.paidAt).toBeNull();
    expect(back.action).toBe(`${env.apiUrl}/api/payu/payment-success`);
    expect(returned.status).toBe(303);
    expect(returned.location).toBe(`${env.apiUrl}/payment-success?orderId=${handoff.orderId}`);
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('PAID');

    await settleJobs(env);
    const order = await orderOf(env, handoff.orderId, user.headers);
    expect(order).toMatchObject({ status: 'SUCCESS', gateway: 'payu', paymentMode: 'UPI', channel: 'INT' });
    expect(order.txnReferenceId).toMatch(/^[A-Z0-9]{20}$/);
    expect(order.approvalRefNum).toBeTruthy();
    expect(order.events.map((event) => event.toStatus)).toEqual([
      'CREATED',
      'PAYMENT_PENDING',
      'PAID',
      'BILL_PENDING',
      'SUCCESS',
    ]);
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toMatchObject({ charges: 1, refunded: 0 });
    expect(await networkPayments(env, handoff.orderId)).toMatchObject([{ status: 'SUCCESS' }]);
    const mail = env.lastMail(user.email);
    expect(mail?.subject).toBe(`Payment successful: ${electricity.billerName}`);
    expect(mail?.text).toContain(order.txnReferenceId);
    const [paid] = await env.database.db.select().from(orders).where(eq(orders.id, handoff.orderId));
    expect((await savedBillOf(bill))?.paidAt).toBe(paid?.completedAt?.toISOString());
  });

  it("marks only this customer's own paid bill as paid, never another bill or another customer's", async () => {
    const { bill } = await payAndReturn('2317', 'success');
    await settleJobs(env);
    const unpaid = await fetchBill(env, electricity, '2318', user.headers);
    const other = await signedInUser(env);
    const sameBillOfOther = await fetchBill(env, electricity, '2317', other.headers);
    expect((await savedBillOf(bill))?.paidAt).toEqual(expect.any(String));
    expect((await savedBillOf(unpaid))?.paidAt).toBeNull();
    expect((await savedBillOf(sameBillOfOther, other))?.paidAt).toBeNull();
  });

  it('accepts PayU documented test cards and declines other numbers', async () => {
    const { handoff } = await handOff('2312');
    const paid = await payAtPayu(handoff, { cardNumber: '5123 4567 8901 2346' });
    expect(paid.fields).toMatchObject({ status: 'success', mode: 'CC', cardnum: '512345XXXXXX2346' });

    const declined = await handOff('2313');
    const failed = await payAtPayu(declined.handoff, { cardNumber: '4111111111111111' });
    expect(failed.action).toBe(`${env.apiUrl}/api/payu/payment-failure`);
    expect(failed.fields.status).toBe('failure');
    const returned = await postForm(failed.action, failed.fields);
    expect(returned.location).toBe(`${env.apiUrl}/payment-failure?orderId=${declined.handoff.orderId}`);
    expect((await orderOf(env, declined.handoff.orderId, user.headers)).status).toBe('PAYMENT_FAILED');
  });

  it('records a failed payment through furl: PAYMENT_FAILED, nothing charged, the bill may be paid again', async () => {
    const { handoff, returned } = await payAndReturn('2321', 'failure');
    expect(returned.location).toBe(`${env.apiUrl}/payment-failure?orderId=${handoff.orderId}`);
    const order = await orderOf(env, handoff.orderId, user.headers);
    expect(order.status).toBe('PAYMENT_FAILED');
    expect(order.failureReason).toBeTruthy();
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toBeUndefined();
    await handOff('2321');
  });

  it('refuses a forged post back (wrong hash): logged, the order does not move', async () => {
    const { handoff } = await handOff('2331');
    const back = await payAtPayu(handoff, { outcome: 'failure' });
    const forged = { ...back.fields, status: 'success', unmappedstatus: 'captured' };
    const returned = await postForm(`${env.apiUrl}/api/payu/payment-success`, forged);
    expect(returned.status).toBe(303);
    expect(returned.location).toBe(`${env.apiUrl}/payment-failure`);
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('PAYMENT_PENDING');
    const events = await env.database.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.orderId, handoff.orderId));
    expect(events).toMatchObject([{ verified: 'no' }]);
  });

  it('treats the same post back twice as one: one charge, one bill payment', async () => {
    const { handoff, back } = await payAndReturn('2341', 'success');
    const again = await postForm(back.action, back.fields);
    expect(again.location).toBe(`${env.apiUrl}/payment-success?orderId=${handoff.orderId}`);
    await settleJobs(env);
    await postForm(back.action, back.fields);
    await settleJobs(env);
    const events = await env.database.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.orderId, handoff.orderId));
    expect(events).toHaveLength(1);
    const order = await orderOf(env, handoff.orderId, user.headers);
    expect(order.status).toBe('SUCCESS');
    expect(order.events.filter((event) => event.toStatus === 'PAID')).toHaveLength(1);
    expect(await networkPayments(env, handoff.orderId)).toMatchObject([{ payCalls: 1 }]);
  });

  it('settles a payment PayU reports pending: the status page first, then reconciliation', async () => {
    const { handoff, returned } = await payAndReturn('2351', 'pending');
    // The status screen at a gateway-neutral address, not under /phonepe/ (decision 111).
    expect(returned.location).toBe(`${env.apiUrl}/payment-status/${handoff.txnid}`);
    const pending = await api(env, 'POST', '/phonepe/pay/status', user.headers, {
      merchantOrderId: handoff.txnid,
    });
    expect(pending.json()).toMatchObject({ status: 'PENDING', orderStatus: 'PAYMENT_PENDING' });
    await settleGateway(env, 'payu');
    await settleJobs(env);
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('SUCCESS');
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toMatchObject({ charges: 1 });
  });
});

describe('after the charge', () => {
  it('refunds automatically through PayU when the network refuses the bill payment', async () => {
    const { handoff } = await payAndReturn('0009', 'success');
    await settleJobs(env);
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('REFUND_PENDING');
    await settleGateway(env, 'payu');
    await settleJobs(env);
    const order = await orderOf(env, handoff.orderId, user.headers);
    expect(order.status).toBe('REFUNDED');
    expect(order.events.map((event) => event.toStatus)).toEqual([
      'CREATED',
      'PAYMENT_PENDING',
      'PAID',
      'BILL_PENDING',
      'BILL_FAILED',
      'REFUND_PENDING',
      'REFUNDED',
    ]);
    expect(order.refunds).toMatchObject([{ status: 'COMPLETED', reason: 'auto', amount: order.total }]);
    // T+5 (decision 063): the end of the fifth India day after the day the customer paid.
    const dueOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      Date.parse(order.createdAt) + 5 * 86_400_000,
    );
    expect(order.refunds[0]?.deadline).toBe(new Date(`${dueOn}T23:59:59.999+05:30`).toISOString());
    const ledger = await gatewayLedger(env, 'payu', handoff.txnid);
    expect(ledger).toMatchObject({ charges: 1, refunds: 1, charged: order.total, refunded: order.total });
    expect(env.lastMail(user.email)?.subject).toBe('Your refund is complete');
  });

  it('keeps a pending bill payment BILL_PENDING, never failed, until reconciliation sees it succeed', async () => {
    const { handoff } = await payAndReturn('0007', 'success');
    await settleJobs(env);
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('BILL_PENDING');
    await fetch(`${env.sandboxUrl}/bou/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: SANDBOX_SETTLES_AFTER_MS + 1_000 }),
    });
    await settleJobs(env);
    const order = await orderOf(env, handoff.orderId, user.headers);
    expect(order.status).toBe('SUCCESS');
    expect(order.txnReferenceId).toMatch(/^[A-Z0-9]{20}$/);
    expect(await networkPayments(env, handoff.orderId)).toMatchObject([{ payCalls: 1, status: 'SUCCESS' }]);
  });

  it('keeps a bill payment that timed out BILL_PENDING and finishes it by sending it again', async () => {
    const { handoff } = await payAndReturn('2361', 'success');
    env.sandbox.faults.add({ path: '/bou/npciservice/pay', kind: 'error', status: 503, count: 1 });
    await env.runJobs();
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('BILL_PENDING');
    await settleJobs(env);
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('SUCCESS');
    expect(await networkPayments(env, handoff.orderId)).toHaveLength(1);
  });

  it('finishes an order on another api process after a restart between charge and bill payment', async () => {
    const { handoff } = await payAndReturn('2371', 'success');
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('PAID');
    const restarted = await buildApp({
      config: env.config,
      database: env.database,
      mailer: createSmtpMailer(env.config),
    });
    try {
      await runDueJobs(env.database.db, restarted.jobHandlers, restarted.app.log, 100);
    } finally {
      await restarted.app.close();
    }
    const order = await orderOf(env, handoff.orderId, user.headers);
    expect(order.status).toBe('SUCCESS');
    expect(await networkPayments(env, handoff.orderId)).toMatchObject([{ payCalls: 1 }]);
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toMatchObject({ charges: 1, refunds: 0 });
  });
});

describe('paying the same bill twice', () => {
  it('refuses a second order while one is in flight, and after it succeeded, linking the existing one', async () => {
    const { handoff, bill } = await handOff('2381');
    await postForm(handoff.action, handoff.fields);
    const again = await api(env, 'POST', '/payu/generate-hash', user.headers, hashRequest(bill, user));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: paymentMessages.paymentInProgress,
      existingOrderId: handoff.orderId,
    });
    const page = await postForm(
      `${env.sandboxUrl}${formOf((await postForm(handoff.action, handoff.fields)).html).action}`,
      {
        outcome: 'success',
      },
    );
    const back = formOf(page.html);
    await postForm(back.action, back.fields);
    await settleJobs(env);
    const refetched = await fetchBill(env, electricity, '2381', user.headers);
    const paid = await api(env, 'POST', '/payu/generate-hash', user.headers, hashRequest(refetched, user));
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      message: paymentMessages.billAlreadyPaid,
      existingOrderId: handoff.orderId,
    });

    const stranger = await signedInUser(env);
    const theirs = await fetchBill(env, electricity, '2381', stranger.headers);
    const refused = await api(
      env,
      'POST',
      '/payu/generate-hash',
      stranger.headers,
      hashRequest(theirs, stranger),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().existingOrderId).toBeUndefined();
  });

  it('lets a new payment replace an own hand-off that was never paid at the gateway', async () => {
    const abandoned = await handOff('2382');
    const retried = await handOff('2382');
    expect(retried.handoff.orderId).not.toBe(abandoned.handoff.orderId);
    const earlier = await orderOf(env, abandoned.handoff.orderId, user.headers);
    expect(earlier).toMatchObject({
      status: 'PAYMENT_FAILED',
      failureReason: expect.stringContaining('replaced'),
    });
  });
});

describe('orders and receipts', () => {
  it("lists the user's orders newest first, paginated, and hides them from others", async () => {
    const first = await api(env, 'GET', '/orders?page=1&pageSize=2', user.headers);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2 });
    expect(body.orders).toHaveLength(2);
    expect(body.total).toBe((await ordersOfUser(user.userId)).length);
    expect(Date.parse(body.orders[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.orders[1].createdAt));
    const stranger = await signedInUser(env);
    const hidden = await api(env, 'GET', `/orders/${body.orders[0].orderId}`, stranger.headers);
    expect(hidden.statusCode).toBe(404);
    expect((await api(env, 'GET', '/orders', stranger.headers)).json()).toMatchObject({
      orders: [],
      total: 0,
    });
    expect((await api(env, 'GET', '/orders?pageSize=500', user.headers)).statusCode).toBe(400);
  });

  it('gives a PDF receipt with the B-Connect Txn ID', async () => {
    const { handoff } = await payAndReturn('2391', 'success');
    await settleJobs(env);
    const order = await orderOf(env, handoff.orderId, user.headers);
    const response = await api(env, 'GET', `/orders/${handoff.orderId}/receipt.pdf`, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="erti-receipt-${handoff.orderId}.pdf"`,
    );
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toContain(`B-Connect Txn ID ${order.txnReferenceId}`);
  });

  it('quotes what a bill will cost before any order exists', async () => {
    const bill = await fetchBill(env, electricity, '2399', user.headers);
    const before = (await ordersOfUser(user.userId)).length;
    const response = await api(env, 'POST', '/orders/quote', user.headers, {
      billReq: bill.billReq,
      billRes: bill.billRes,
    });
    expect(response.statusCode).toBe(200);
    const quote = response.json();
    expect(quote).toMatchObject({
      kind: 'bill',
      billerId: electricity.billerId,
      amountPaise: Math.round(Number(bill.amount) * 100),
    });
    expect(quote.totalPaise).toBe(quote.amountPaise + quote.convenienceFeePaise);
    expect(await ordersOfUser(user.userId)).toHaveLength(before);
  });
});
