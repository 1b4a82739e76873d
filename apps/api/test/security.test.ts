import { type Biller, indiaDate, paymentMessages } from '@erti/contracts';
import { phonepeCallbackAuthorization } from '@erti/protocols';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { orders } from '../src/db/schema/payments.ts';
import { bearer, signUpUser } from './support/accounts.ts';
import { billerWhere, hasOneDigitsParam, syncCatalogue } from './support/bill-network.ts';
import {
  api,
  fetchBill,
  gatewayLedger,
  type Headers,
  orderOf,
  payAtPayu,
  payAtRazorpay,
  postForm,
  settleJobs,
  validateRecharge,
} from './support/payment-flows.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * Security checks that cut across modules. Covered elsewhere and not repeated here: OTP brute force
 * (accounts.test.ts 'allows five wrong tries…'), sign-in lock-out, revocation on logout and account
 * deletion (accounts-profile.test.ts), forged and replayed PayU post backs, PhonePe callbacks with a
 * wrong authorization and Razorpay signatures and webhooks (payments-*.test.ts). merchant.test.ts
 * refuses non-merchants the dashboard calls; here every merchant operation of the OpenAPI document is
 * tried, the catalogue sync included. Token expiry and a deleted account's token on every signed-in
 * operation are in security-sessions.test.ts, headers and the built bundle in security-web.test.ts.
 */

interface Person {
  userId: string;
  email: string;
  name: string;
  headers: Headers;
}

let env: TestEnv;
let electricity: Biller;
let airtel: Biller;
let asha: Person;
let ravi: Person;
/** Asha's data that Ravi goes after. */
const ashas = { billNumber: '', orderId: '', merchantOrderId: '', txnReferenceId: '', complaintId: '' };

async function signedUp(name: string, email: string): Promise<Person> {
  const { Token, UserId } = await signUpUser(env, email, { name });
  return { userId: UserId, email, name, headers: bearer(Token) };
}

/** A bill Asha fetched (so saved) and paid through PayU, settled on the network. */
async function ashaPaysABill() {
  const bill = await fetchBill(env, electricity, '5101', asha.headers);
  const handoff = await api(env, 'POST', '/payu/generate-hash', asha.headers, {
    mode: 'website',
    amount: bill.amount,
    firstname: 'Asha',
    email: asha.email,
    phone: '9876543210',
    productinfo: electricity.billerName,
    billReq: bill.billReq,
    billRes: bill.billRes,
  });
  expect(handoff.statusCode, handoff.body).toBe(200);
  const back = await payAtPayu(handoff.json(), { outcome: 'success' });
  await postForm(back.action, back.fields);
  await settleJobs(env);
  const order = await orderOf(env, handoff.json().orderId, asha.headers);
  expect(order.status).toBe('SUCCESS');
  Object.assign(ashas, {
    billNumber: bill.billRes.response.billerResponse?.billNumber ?? '',
    orderId: order.orderId,
    merchantOrderId: order.merchantOrderId,
    txnReferenceId: order.txnReferenceId ?? '',
  });
}

async function ashaComplains() {
  const raised = await api(env, 'POST', '/complaints', asha.headers, {
    name: asha.name,
    queryType: 'Money debited but no confirmation',
    contactNumber: '9876543210',
    email: asha.email,
    initiatedVia: 'Erti Pay',
    transactionDate: indiaDate(),
    transactionAmount: 100,
    txnReferenceId: ashas.txnReferenceId,
    description: 'Private note from Asha about flat 4B',
  });
  expect(raised.statusCode, raised.body).toBe(201);
  ashas.complaintId = raised.json().complaintId;
}

beforeAll(async () => {
  env = await startTestEnv({ BBPS_TIMEOUT_MS: 3_000, GATEWAY_TIMEOUT_MS: 3_000 });
  await syncCatalogue(env);
  electricity = await billerWhere(
    env,
    'Electricity',
    (biller) => biller.fetchRequirement === 'MANDATORY' && hasOneDigitsParam(biller),
  );
  airtel = await billerWhere(env, 'Mobile Prepaid', (biller) => biller.billerName === 'Airtel');
  asha = await signedUp('Asha Rao', 'asha.security@example.com');
  ravi = await signedUp('Ravi Kumar', 'ravi.security@example.com');
  await ashaPaysABill();
  await ashaComplains();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

const asRavi = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  api(env, method, url, ravi.headers, payload);

/** Nothing of Asha's may appear in an answer to Ravi. */
function expectNothingOfAsha(body: string) {
  for (const secret of [asha.email, ashas.billNumber, ashas.orderId, ashas.merchantOrderId, 'flat 4B'])
    expect(body).not.toContain(secret);
}

describe("one user against another's data", () => {
  const trespasses: {
    what: string;
    method: 'GET' | 'POST';
    url: () => string;
    body?: () => object;
    status: number;
  }[] = [
    { what: 'read her profile', method: 'GET', url: () => `/users/profile/${asha.userId}`, status: 403 },
    { what: 'read her order', method: 'GET', url: () => `/orders/${ashas.orderId}`, status: 404 },
    {
      what: 'download her receipt',
      method: 'GET',
      url: () => `/orders/${ashas.orderId}/receipt.pdf`,
      status: 404,
    },
    {
      what: 'poll her payment status',
      method: 'POST',
      url: () => '/phonepe/pay/status',
      body: () => ({ merchantOrderId: ashas.merchantOrderId }),
      status: 404,
    },
  ];

  it.each(trespasses)('refuses to $what', async ({ method, url, body, status }) => {
    const response = await asRavi(method, url(), body?.());
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBeTruthy();
    expectNothingOfAsha(response.body);
  });

  it('keeps her out of his lists: saved bills, orders and transaction lookups', async () => {
    const saved = await asRavi('POST', '/bbps/prod/mybills/category', { category: 'Electricity' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual([]);
    const list = await asRavi('GET', '/orders');
    expect(list.json()).toMatchObject({ orders: [], total: 0 });
    const lookup = await asRavi('POST', '/complaints/transactions', { txnReferenceId: ashas.txnReferenceId });
    expect(lookup.statusCode).toBe(200);
    expectNothingOfAsha(lookup.body);
    expect(lookup.body).not.toContain(electricity.billerName);
  });

  it("tells him her complaint's progress by its id, and nothing personal", async () => {
    const status = await asRavi('POST', '/complaints/status', {
      complaintId: ashas.complaintId,
      complaintType: 'Technical',
    });
    expect(status.statusCode).toBe(200);
    expectNothingOfAsha(status.body);
    expect(status.body).not.toContain(asha.name);
  });

  it('refuses to change her profile, delete her saved bill or pay with her bill fetch, changing nothing', async () => {
    const before = await env.database.db.select().from(users).where(eq(users.id, asha.userId));
    const edit = await env.app.inject({
      method: 'PUT',
      url: `/api/users/edit/${asha.userId}`,
      headers: ravi.headers,
      payload: { _id: asha.userId, name: 'Taken Over', email: ravi.email, phone: '9000000000' },
    });
    expect(edit.statusCode).toBe(403);
    const remove = await env.app.inject({
      method: 'DELETE',
      url: '/api/bbps/prod/mybills/category',
      headers: ravi.headers,
      payload: { category: 'Electricity', billNumber: ashas.billNumber },
    });
    expect(remove.statusCode).toBe(404);

    expect(await env.database.db.select().from(users).where(eq(users.id, asha.userId))).toEqual(before);
    const herSaved = await api(env, 'POST', '/bbps/prod/mybills/category', asha.headers, {
      category: 'Electricity',
    });
    expect(herSaved.json()).toHaveLength(1);
    expect((await orderOf(env, ashas.orderId, asha.headers)).status).toBe('SUCCESS');
  });
});

describe('merchant endpoints', () => {
  it('refuse visitors (401) and signed-in users who are not merchants (403), for every one', async () => {
    const document = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const merchantOnly = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes('merchant'))
        .map(([method]) => ({ method: method.toUpperCase() as 'POST', url: path })),
    );
    merchantOnly.push({ method: 'POST', url: '/api/bbps/prod/sync' });
    expect(merchantOnly.length).toBeGreaterThanOrEqual(4);
    const refund = { merchantOrderId: ashas.merchantOrderId, refundNote: 'Give it to me' };
    for (const { method, url } of merchantOnly) {
      const call = (headers: Headers) => env.app.inject({ method, url, headers, payload: refund });
      expect((await call({})).statusCode, `${method} ${url}`).toBe(401);
      const user = await call(ravi.headers);
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expectNothingOfAsha(user.body);
    }
    expect(await gatewayLedger(env, 'payu', ashas.merchantOrderId)).toMatchObject({ refunds: 0 });
  });
});

describe('forged tokens', () => {
  const profileWith = (token: string) =>
    api(env, 'GET', `/users/profile/${asha.userId}`, { authorization: `Bearer ${token}` });
  const sessionOf = async (headers: Headers) => {
    const [, payload] = (headers.authorization ?? '').slice(7).split('.');
    return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { sub: string; sid: string };
  };

  it('refuses a token with alg "none", one signed with another secret, and one naming another user', async () => {
    const { sid } = await sessionOf(asha.headers);
    const unsigned = [
      Buffer.from('{"alg":"none"}').toString('base64url'),
      Buffer.from(JSON.stringify({ sub: asha.userId, sid })).toString('base64url'),
      '',
    ].join('.');
    const otherSecret = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(asha.userId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-guessed-secret-that-is-long-enough-0123'));
    // Correctly signed, but Ravi's session under Asha's name: the session must belong to the subject.
    const { sid: raviSession } = await sessionOf(ravi.headers);
    const crossed = await new SignJWT({ sid: raviSession })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(asha.userId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(env.config.JWT_SECRET));
    for (const token of [unsigned, otherSecret, crossed]) {
      const response = await profileWith(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Please login to continue');
    }
  });
});

describe('gateway callbacks and amounts (what payments-*.test.ts does not already cover)', () => {
  it('does not take a PhonePe callback with the right authorization at its word: the order stays unpaid', async () => {
    const recharge = await validateRecharge(env, airtel, '9876512399', 'Mumbai', asha.headers);
    const pay = await api(env, 'POST', '/phonepe/pay', asha.headers, {
      amount: recharge.amount,
      merchantOrderId: `EP${crypto.randomUUID().replaceAll('-', '')}`,
      validationReq: recharge.validationReq,
      validationRes: recharge.validationRes,
      plan: recharge.plan,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { orderId, merchantOrderId } = pay.json();
    const lie = await env.app.inject({
      method: 'POST',
      url: '/api/phonepe/callback',
      headers: {
        authorization: phonepeCallbackAuthorization(
          env.config.PHONEPE_CALLBACK_USERNAME,
          env.config.PHONEPE_CALLBACK_PASSWORD,
        ),
      },
      payload: {
        event: 'checkout.order.completed',
        payload: { merchantOrderId, orderId: 'OMO-made-up', state: 'COMPLETED', amount: 1 },
      },
    });
    expect(lie.statusCode).toBeLessThan(500);
    await settleJobs(env);
    expect((await orderOf(env, orderId, asha.headers)).status).toBe('PAYMENT_PENDING');
  });

  it('refuses a PhonePe recharge whose amount is lowered, creating no order', async () => {
    const recharge = await validateRecharge(env, airtel, '9876512398', 'Mumbai', asha.headers);
    const before = await env.database.db.select().from(orders).where(eq(orders.userId, asha.userId));
    const pay = await api(env, 'POST', '/phonepe/pay', asha.headers, {
      amount: String(Number(recharge.amount) - 1),
      merchantOrderId: `EP${crypto.randomUUID().replaceAll('-', '')}`,
      validationReq: recharge.validationReq,
      validationRes: recharge.validationRes,
      plan: recharge.plan,
    });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().message).toBe(paymentMessages.amountMismatch);
    const after = await env.database.db.select().from(orders).where(eq(orders.userId, asha.userId));
    expect(after).toHaveLength(before.length);
  });

  it('charges the fetched bill even when the amount and the bill answer are both lowered', async () => {
    const bill = await fetchBill(env, electricity, '5102', asha.headers);
    const lowered = (Number(bill.amount) / 2).toFixed(2);
    const billRes = structuredClone(bill.billRes);
    if (billRes.response.billerResponse) billRes.response.billerResponse.amount = lowered;
    const response = await api(env, 'POST', '/payu/generate-hash', asha.headers, {
      mode: 'website',
      amount: lowered,
      firstname: 'Asha',
      email: asha.email,
      phone: '9876543210',
      productinfo: electricity.billerName,
      billReq: bill.billReq,
      billRes,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(paymentMessages.amountMismatch);
  });

  it('counts a Razorpay checkout callback posted twice once', async () => {
    const created = await api(env, 'POST', '/bbps/pg/create-order', asha.headers, {
      amount: 14_900,
      currency: 'INR',
      receipt: `rcpt${crypto.randomUUID().slice(0, 8)}`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json();
    const back = await payAtRazorpay(order, 'success');
    const first = await postForm(back.action, back.fields);
    const replayed = await postForm(back.action, back.fields);
    expect(replayed.location).toBe(first.location);
    const detail = await orderOf(env, order.orderId, asha.headers);
    expect(detail.status).toBe('SUCCESS');
    expect(detail.events.filter((event) => event.toStatus === 'PAID')).toHaveLength(1);
    expect(await gatewayLedger(env, 'razorpay', order.id)).toMatchObject({ charges: 1 });
  });
});
