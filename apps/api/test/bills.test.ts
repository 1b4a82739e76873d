import type { Biller, SavedBill } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billFetches, savedBills } from '../src/db/schema/bills.ts';
import { findBillFetch } from '../src/modules/bills/index.ts';
import {
  billerWhere,
  customerNumber,
  signedInUser,
  startBillPaymentEnv,
  type SignedInUser as User,
} from './support/bill-network.ts';
import type { TestEnv } from './support/test-env.ts';

let env: TestEnv;
let electricity: Biller;
let user: User;

beforeAll(async () => {
  ({ env, electricity, user } = await startBillPaymentEnv({ BBPS_TIMEOUT_MS: 2_000 }));
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandbox.faults.clear();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

function billRequest(biller: Biller, params: { name: string; value: string }[], mobileNo = '9876543210') {
  return {
    chId: 1,
    isRealTimeFetch: true,
    custDetails: { mobileNo, customerTags: [{ name: 'EMAIL', value: 'someone@example.com' }] },
    agentDetails: { agentId: 'FROM-THE-BROWSER', deviceTags: [{ name: 'IP', value: '6.6.6.6' }] },
    billDetails: { billerId: biller.billerId, customerParams: params },
  };
}

const consumer = (ending: string) => [
  { name: electricity.customerParams[0]?.paramName ?? '', value: customerNumber(electricity, ending) },
];

const fetchBill = (ending: string, as: User = user, category = 'Electricity') =>
  post(
    `/bbps/prod/bill/${encodeURIComponent(category)}`,
    billRequest(electricity, consumer(ending)),
    as.headers,
  );

const rowsOf = (userId: string) =>
  env.database.db.select().from(billFetches).where(eq(billFetches.userId, userId));

const savedOf = async (as: User, category = 'Electricity'): Promise<SavedBill[]> =>
  (await post('/bbps/prod/mybills/category', { category }, as.headers)).json();

describe('POST /bbps/prod/bill/{category}', () => {
  it('fetches the bill, answers rupees for display and stores the fetch and the saved bill', async () => {
    const response = await fetchBill('2345');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.respCode).toBe(1);
    expect(body.response.billerResponse).toMatchObject({
      customerName: expect.any(String),
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      billDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      billNumber: expect.any(String),
      custConvFee: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(body.response.errorList).toEqual([]);
    expect(body.response.noBillDue).toBe(false);

    const [row] = (await rowsOf(user.userId)).filter((stored) => stored.id === body.response.billFetchId);
    expect(row).toMatchObject({
      kind: 'fetch',
      respCode: '1',
      billerId: electricity.billerId,
      category: 'Electricity',
    });
    expect(row?.refId).toBe(body.response.refId);
    expect(row?.amountPaise).toBe(Math.round(Number(body.response.billerResponse.amount) * 100));
    const sent = row?.request as { custDetails: { mobileNo: string; customerTags: { value: string }[] } };
    expect(sent.custDetails).toEqual({
      mobileNo: '9876543210',
      customerTags: [{ name: 'EMAIL', value: user.email }],
    });

    const saved = await savedOf(user);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      category: 'Electricity',
      billerId: electricity.billerId,
      billerName: electricity.billerName,
      customerName: body.response.billerResponse.customerName,
      billNumber: body.response.billerResponse.billNumber,
      amount: body.response.billerResponse.amount,
      BillRequest: { billDetails: { customerParams: consumer('2345') } },
    });
  });

  it('gives the same bill for the same number and keeps one saved bill per account', async () => {
    const first = (await fetchBill('2345')).json();
    const again = (await fetchBill('2345')).json();
    expect(again.response.billerResponse).toEqual(first.response.billerResponse);
    expect(again.response.refId).not.toBe(first.response.refId);
    expect(await savedOf(user)).toHaveLength(1);
  });

  it("answers the network's no with its text (BFR001) and saves no bill", async () => {
    const fresh = await signedInUser(env);
    const response = await fetchBill('0001', fresh);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 0,
      response: {
        complianceRespCd: 'BFR001',
        complianceReason: 'Invalid customer account',
        errorList: [{ errorCd: 'BFR001', errorDtl: 'Invalid customer account' }],
        noBillDue: false,
      },
    });
    expect(await rowsOf(fresh.userId)).toMatchObject([{ respCode: '0', amountPaise: null }]);
    expect(await savedOf(fresh)).toEqual([]);
  });

  it('says plainly that no bill is due (BFR004), which is not a failure', async () => {
    const response = await fetchBill('0004');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.respCode).toBe(0);
    expect(body.response.noBillDue).toBe(true);
    expect(body.response.errorList[0]).toEqual({
      errorCd: 'BFR004',
      errorDtl: 'No bill due. The payment for this billing period has already been received.',
    });
  });

  it('answers a retryable 503 when the biller cannot be reached (BFR008)', async () => {
    const response = await fetchBill('0008');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: 'The biller is not responding right now. Please try again in a few minutes.',
      retryable: true,
    });
  });

  it('answers 504 when the network does not answer in time, and 503 when it fails', async () => {
    env.sandbox.faults.add({ path: '/bou/npciservice/fetch', kind: 'timeout', delayMs: 4_000, count: 1 });
    const slow = await fetchBill('2345');
    expect(slow.statusCode).toBe(504);
    expect(slow.json().message).toBe('Bharat Connect did not answer in time. Please try again in a minute.');

    env.sandbox.faults.add({ path: '/bou/npciservice/fetch', kind: 'error', status: 502, count: 1 });
    const failing = await fetchBill('2345');
    expect(failing.statusCode).toBe(503);
    expect(failing.json().message).toBe(
      'Bharat Connect is not available right now. Please try again in a few minutes.',
    );
  });

  it('refuses bad input with a 4xx and a message, stores nothing and never asks the network', async () => {
    const fresh = await signedInUser(env);
    const paramName = electricity.customerParams[0]?.paramName ?? '';
    const send = (body: unknown, category = 'Electricity') =>
      post(`/bbps/prod/bill/${encodeURIComponent(category)}`, body, fresh.headers);
    const unknownBiller = await send(
      billRequest({ ...electricity, billerId: 'NOPE00000NAT01' }, consumer('2345')),
    );
    expect(unknownBiller.statusCode).toBe(404);
    expect(unknownBiller.json().message).toBe('Biller not found');

    const otherCategory = await send(billRequest(electricity, consumer('2345')), 'Water');
    expect(otherCategory.statusCode).toBe(400);
    expect(otherCategory.json().message).toBe(`${electricity.billerName} is not a Water biller`);

    const missing = await send(billRequest(electricity, []));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: `Please enter ${paramName}`,
      fields: { [paramName]: `Please enter ${paramName}` },
    });

    const malformed = await send(billRequest(electricity, [{ name: paramName, value: '12AB' }]));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      message: `Invalid ${paramName}`,
      fields: { [paramName]: `Invalid ${paramName}` },
    });

    const unknownParam = await send(
      billRequest(electricity, [...consumer('2345'), { name: 'Favourite Colour', value: 'blue' }]),
    );
    expect(unknownParam.statusCode).toBe(400);
    expect(unknownParam.json().message).toBe('Favourite Colour is not a parameter of this biller');

    const badMobile = await send(billRequest(electricity, consumer('2345'), '12345'));
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().message).toMatch(/10 digits/);

    const noBody = await send({ billDetails: {} });
    expect(noBody.statusCode).toBe(400);

    const prepaid = await billerWhere(env, 'Mobile Prepaid', () => true);
    const noFetch = await send(
      billRequest(prepaid, [{ name: 'Mobile Number', value: '9876512345' }]),
      'Mobile Prepaid',
    );
    expect(noFetch.statusCode).toBe(400);
    expect(noFetch.json().message).toMatch(/does not present bills/);

    expect(await rowsOf(fresh.userId)).toEqual([]);
  });

  it("ignores an empty value under an unknown name and takes the account's phone when none is sent", async () => {
    const fresh = await signedInUser(env, { phone: '9123456780' });
    const body = billRequest(electricity, [...consumer('2345'), { name: 'Circle', value: '' }]);
    const response = await post(
      '/bbps/prod/bill/electricity',
      { ...body, custDetails: undefined },
      fresh.headers,
    );
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(fresh.userId);
    expect(row?.request).toMatchObject({ custDetails: { mobileNo: '9123456780' } });
  });

  it('asks for a mobile number when neither the request nor the account has one', async () => {
    const noPhone = await signedInUser(env, { phone: null });
    const body = billRequest(electricity, consumer('2345'));
    const response = await post('/bbps/prod/bill/Electricity', { ...body, custDetails: {} }, noPhone.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/mobile number/);
  });

  it('needs a signed-in user', async () => {
    const response = await post('/bbps/prod/bill/Electricity', billRequest(electricity, consumer('2345')));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please login to continue');
  });
});

describe('POST /bbps/prod/validate', () => {
  it('validates an amount within the limits of a biller without plans and stores it to charge', async () => {
    const biller = await billerWhere(
      env,
      'Fastag',
      (candidate) =>
        candidate.supportBillValidation === 'MANDATORY' && candidate.planMdmRequirement !== 'MANDATORY',
    );
    const params = biller.customerParams
      .filter((param) => param.optional === 'false')
      .map((param) => ({
        name: param.paramName,
        value: param.paramName === 'Vehicle Number' ? 'MH12AB1234' : '9876512345',
      }));
    const response = await post(
      '/bbps/prod/validate',
      { ...billRequest(biller, params), amount: 50_000 },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ respCode: 1, response: { amount: '500.00' } });
    const row = await findBillFetch(env.database.db, body.response.billFetchId, user.userId);
    expect(row).toMatchObject({ kind: 'validate', respCode: '1', amountPaise: 50_000, planId: null });

    const tooSmall = await post(
      '/bbps/prod/validate',
      { ...billRequest(biller, params), amount: 1 },
      user.headers,
    );
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toMatch(/^Please enter an amount (at least|between) ₹/);
    const noAmount = await post('/bbps/prod/validate', billRequest(biller, params), user.headers);
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().message).toBe('Please enter the amount');
    const fractional = await post(
      '/bbps/prod/validate',
      { ...billRequest(biller, params), amount: 10.5 },
      user.headers,
    );
    expect(fractional.statusCode).toBe(400);
  });

  it('accepts a payment to a biller that supports neither fetch nor validation after our own checks', async () => {
    const donation = await billerWhere(
      env,
      'Donation',
      (candidate) =>
        candidate.fetchRequirement === 'NOT_SUPPORTED' && candidate.supportBillValidation === 'NOT_SUPPORTED',
    );
    const params = donation.customerParams
      .filter((param) => param.optional === 'false')
      .map((param) => ({ name: param.paramName, value: '9876512345' }));
    const response = await post(
      '/bbps/prod/validate',
      { ...billRequest(donation, params), amount: 10_100 },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ respCode: 1, response: { amount: '101.00' } });
  });
});

describe('saved bills', () => {
  it('lists only the caller’s bills of the category and lets only the owner delete one', async () => {
    const owner = await signedInUser(env);
    const stranger = await signedInUser(env);
    const fetched = (await fetchBill('5678', owner)).json();
    const billNumber = fetched.response.billerResponse.billNumber as string;

    expect(await savedOf(owner)).toHaveLength(1);
    expect(await savedOf(owner, 'Water')).toEqual([]);
    expect(await savedOf(stranger)).toEqual([]);

    const remove = (as: User, body: unknown) =>
      env.app.inject({
        method: 'DELETE',
        url: '/api/bbps/prod/mybills/category',
        payload: body as object,
        headers: as.headers,
      });
    const byStranger = await remove(stranger, { category: 'Electricity', billNumber });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe('Saved bill not found');
    expect(await savedOf(owner)).toHaveLength(1);

    const byOwner = await remove(owner, { category: 'Electricity', billNumber });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toEqual({ message: 'Saved bill removed', messageKey: 'bills.savedRemoved' });
    expect(await savedOf(owner)).toEqual([]);
    expect((await remove(owner, { category: 'Electricity', billNumber })).statusCode).toBe(404);
    expect((await remove(owner, { category: 'Electricity' })).statusCode).toBe(400);
  });

  it('lists the newest first', async () => {
    const owner = await signedInUser(env);
    await fetchBill('1111', owner);
    await fetchBill('2222', owner);
    const saved = await savedOf(owner);
    expect(saved.map((bill) => bill.BillRequest.billDetails.customerParams[0]?.value.slice(-4))).toEqual([
      '2222',
      '1111',
    ]);
    const rows = await env.database.db.select().from(savedBills).where(eq(savedBills.userId, owner.userId));
    expect(rows).toHaveLength(2);
  });

  it('needs a signed-in user', async () => {
    const list = await post('/bbps/prod/mybills/category', { category: 'Electricity' });
    expect(list.statusCode).toBe(401);
    const remove = await env.app.inject({
      method: 'DELETE',
      url: '/api/bbps/prod/mybills/category',
      payload: { category: 'Electricity', billNumber: 'X' },
    });
    expect(remove.statusCode).toBe(401);
    expect(remove.json().message).toBe('Please login to continue');
  });
});

describe('findBillFetch', () => {
  it("finds a user's fetch by its id or the network's refId, never another user's", async () => {
    const owner = await signedInUser(env);
    const body = (await fetchBill('3456', owner)).json();
    const byId = await findBillFetch(env.database.db, body.response.billFetchId, owner.userId);
    const byRef = await findBillFetch(env.database.db, body.response.refId, owner.userId);
    expect(byId?.id).toBe(body.response.billFetchId);
    expect(byRef?.id).toBe(body.response.billFetchId);
    expect(await findBillFetch(env.database.db, body.response.billFetchId, user.userId)).toBeUndefined();
  });
});
