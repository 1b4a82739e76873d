import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Biller, Plan } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billFetches } from '../src/db/schema/bills.ts';
import { findPlan } from '../src/modules/catalogue/master-data.ts';
import { billerWhere, type SignedInUser, signedInUser, syncCatalogue } from './support/bill-network.ts';
import { networkPayments, orderOf, payAtPhonepe, settleJobs } from './support/payment-flows.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
let airtel: Biller;
let dth: Biller;
let user: SignedInUser;

beforeAll(async () => {
  env = await startTestEnv();
  await syncCatalogue(env);
  airtel = await billerWhere(env, 'Mobile Prepaid', (biller) => biller.billerName === 'Airtel');
  dth = await billerWhere(env, 'DTH', (biller) => biller.planMdmRequirement === 'MANDATORY');
  user = await signedInUser(env);
});
afterAll(async () => {
  await env?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

const plansOf = async (billerId: string, circle?: string): Promise<Plan[]> => {
  const response = await post('/bbps/prod/circle', { billerId, circle });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
};

async function validationRows(userId: string) {
  return env.database.db.select().from(billFetches).where(eq(billFetches.userId, userId));
}

describe('POST /bbps/prod/billerplan/circle', () => {
  it("answers an operator's circles without a session", async () => {
    const response = await post('/bbps/prod/billerplan/circle', { billerId: airtel.billerId });
    expect(response.statusCode).toBe(200);
    const circles = response.json() as string[];
    expect(circles.length).toBeGreaterThanOrEqual(20);
    expect(circles).toEqual(expect.arrayContaining(['Mumbai', 'Tamil Nadu']));
  });

  it('answers an empty list for a plan biller that sells the same plans everywhere (DTH)', async () => {
    const response = await post('/bbps/prod/billerplan/circle', { billerId: dth.billerId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 404 for an unknown biller or a biller without plans, 400 without an id', async () => {
    const unknown = await post('/bbps/prod/billerplan/circle', { billerId: 'NOPE00000NAT01' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Biller not found');
    const electricity = await billerWhere(env, 'Electricity', () => true);
    const noPlans = await post('/bbps/prod/billerplan/circle', { billerId: electricity.billerId });
    expect(noPlans.statusCode).toBe(404);
    expect(noPlans.json().message).toBe('This biller has no plans');
    expect((await post('/bbps/prod/billerplan/circle', { billerId: '  ' })).statusCode).toBe(400);
  });
});

describe('POST /bbps/prod/circle', () => {
  it("answers one circle's plans in the spec's shape, cheapest first", async () => {
    const plans = await plansOf(airtel.billerId, 'Mumbai');
    expect(plans.length).toBeGreaterThan(20);
    expect(plans.every((plan) => plan.circle === 'Mumbai' || plan.circle === '')).toBe(true);
    const amounts = plans.map((plan) => plan.amountInRupees);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(plans[0]).toMatchObject({
      Id: expect.any(String),
      _id: expect.any(String),
      categoryType: expect.any(String),
      amountInRupees: expect.any(Number),
      planDescription: expect.any(String),
      planAdditionalInfo: { tag: expect.any(Array) },
    });
    expect(new Set(plans.map((plan) => plan.Id)).size).toBe(plans.length);
  });

  it('sends the plans in brotli or gzip to a client that takes them, the same list once unpacked', async () => {
    const body = { billerId: airtel.billerId, circle: 'Mumbai' };
    const plain = await post('/bbps/prod/circle', body);
    const brotli = await post('/bbps/prod/circle', body, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await post('/bbps/prod/circle', body, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotli.rawPayload.length).toBeLessThan(gzip.rawPayload.length * 0.9);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await post('/bbps/prod/circle', body, {
      'accept-encoding': 'br;q=0, gzip;q=0, identity',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers every circle when the circle is left out, and finds a circle ignoring case', async () => {
    const all = await plansOf(airtel.billerId);
    const mumbai = await plansOf(airtel.billerId, 'Mumbai');
    expect(all.length).toBeGreaterThan(mumbai.length);
    expect(await plansOf(airtel.billerId, 'mumbai')).toEqual(mumbai);
  });

  it('answers the plans of a biller without circles whatever circle is asked', async () => {
    const plans = await plansOf(dth.billerId);
    expect(plans.length).toBeGreaterThan(0);
    expect(await plansOf(dth.billerId, 'Mumbai')).toEqual(plans);
  });

  it('answers 404 for an unknown circle or biller', async () => {
    const circle = await post('/bbps/prod/circle', { billerId: airtel.billerId, circle: 'Narnia' });
    expect(circle.statusCode).toBe(404);
    expect(circle.json().message).toBe("This operator has no plans for the circle 'Narnia'");
    const biller = await post('/bbps/prod/circle', { billerId: 'NOPE00000NAT01', circle: 'Mumbai' });
    expect(biller.statusCode).toBe(404);
  });

  it('gives other modules the amount the server charges for a plan, in paise', async () => {
    const [plan] = await plansOf(airtel.billerId, 'Delhi NCR');
    if (!plan) throw new Error('no plan');
    const found = await findPlan(env.database.db, airtel.billerId, plan.Id);
    expect(found?.amountPaise).toBe(Math.round(plan.amountInRupees * 100));
    expect(found?.plan).toEqual(plan);
    expect(await findPlan(env.database.db, airtel.billerId, 'NO-SUCH-PLAN')).toBeUndefined();
  });
});

describe('POST /bbps/prod/validate for a recharge', () => {
  const recharge = (number: string, planId: string | undefined, circle: string, amount?: number) => ({
    chId: 1,
    isRealTimeFetch: true,
    custDetails: { mobileNo: '9876543210', customerTags: [{ name: 'EMAIL', value: 'x@example.com' }] },
    billDetails: {
      billerId: airtel.billerId,
      customerParams: [
        { name: 'Mobile Number', value: number },
        { name: 'Circle', value: circle },
        { name: 'Id', value: planId ?? '' },
      ],
    },
    planId,
    amount,
  });
  /** The validation request exactly as spec section 3 describes it: the plan only as the `Id` parameter. */
  const specRecharge = (number: string, planId: string, circle: string) => ({
    chId: 1,
    isRealTimeFetch: true,
    custDetails: { mobileNo: number, customerTags: [{ name: 'EMAIL', value: 'x@example.com' }] },
    agentDetails: {
      agentId: 'ERTI0000INT01',
      deviceTags: [
        { name: 'INITIATING_CHANNEL', value: 'INT' },
        { name: 'IP', value: '203.0.113.7' },
        { name: 'MAC', value: '00-00-00-00-00-00' },
      ],
    },
    billDetails: {
      billerId: airtel.billerId,
      customerParams: [
        { name: 'Mobile Number', value: number },
        { name: 'Circle', value: circle },
        { name: 'Id', value: planId },
      ],
    },
  });

  it("validates a plan and fixes the plan's price as the amount to charge", async () => {
    const [, plan] = await plansOf(airtel.billerId, 'Mumbai');
    if (!plan) throw new Error('no plan');
    const amount = Math.round(plan.amountInRupees * 100);
    const response = await post(
      '/bbps/prod/validate',
      recharge('9876512345', plan.Id, 'Mumbai', amount),
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.respCode).toBe(1);
    expect(body.response.amount).toBe((amount / 100).toFixed(2));
    expect(body.response.planId).toBe(plan.Id);
    expect(body.response.additionalInfo).toEqual(
      expect.arrayContaining([{ name: 'Circle', value: 'Mumbai' }]),
    );
    const [row] = (await validationRows(user.userId)).filter(
      (stored) => stored.id === body.response.billFetchId,
    );
    expect(row).toMatchObject({ kind: 'validate', respCode: '1', amountPaise: amount, planId: plan.Id });
    expect(row?.refId).toHaveLength(35);
  });

  it('refuses a wrong amount, no plan or two different plans, storing nothing', async () => {
    const [plan, other] = await plansOf(airtel.billerId, 'Mumbai');
    if (!plan || !other) throw new Error('no plans');
    const before = (await validationRows(user.userId)).length;
    const cases = [
      [
        recharge('9876512345', plan.Id, 'Mumbai', 100),
        'The amount does not match the plan. Please choose the plan again.',
      ],
      [recharge('9876512345', undefined, 'Mumbai', 19_900), 'Please choose a plan'],
      [
        { ...recharge('9876512345', plan.Id, 'Mumbai'), planId: other.Id },
        'Two different plans were sent. Please choose the plan again.',
      ],
      [recharge('12345', plan.Id, 'Mumbai'), 'Invalid Mobile Number'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await post('/bbps/prod/validate', body, user.headers);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await validationRows(user.userId)).toHaveLength(before);
  });

  it("validates and pays a plan sent as spec section 3 has it: the plan's id as the Id parameter alone", async () => {
    const [, plan] = await plansOf(airtel.billerId, 'Mumbai');
    if (!plan) throw new Error('no plan');
    const validationReq = specRecharge('9876512346', plan.Id, 'Mumbai');
    const validation = await post('/bbps/prod/validate', validationReq, user.headers);
    expect(validation.statusCode, validation.body).toBe(200);
    const validationRes = validation.json();
    const price = Math.round(plan.amountInRupees * 100);
    expect(validationRes).toMatchObject({
      respCode: 1,
      response: { amount: (price / 100).toFixed(2), planId: plan.Id },
    });

    const pay = await post(
      '/phonepe/pay',
      { amount: validationRes.response.amount, validationReq, validationRes },
      user.headers,
    );
    expect(pay.statusCode, pay.body).toBe(200);
    const { orderId, redirectUrl } = pay.json();
    expect(pay.json().charge.amountPaise).toBe(price);
    await payAtPhonepe(redirectUrl, 'success');
    await settleJobs(env);
    expect(await orderOf(env, orderId, user.headers)).toMatchObject({
      status: 'SUCCESS',
      kind: 'recharge',
      planId: plan.Id,
      amount: price,
    });
    expect(await networkPayments(env, orderId)).toMatchObject([
      { status: 'SUCCESS', amount: String(price), planId: plan.Id },
    ]);
  });

  it('answers respCode 0 with the reason for a plan the operator does not sell in that circle, either body', async () => {
    const other = (await plansOf(airtel.billerId, 'Kerala')).find(
      (candidate) => candidate.circle === 'Kerala',
    );
    if (!other) throw new Error('no Kerala plan');
    const before = (await validationRows(user.userId)).length;
    const cases = [
      [
        specRecharge('9876512345', 'NO-SUCH-PLAN', 'Mumbai'),
        'This plan is no longer available. Please choose another plan.',
      ],
      [
        recharge('9876512345', 'NO-SUCH-PLAN', 'Mumbai'),
        'This plan is no longer available. Please choose another plan.',
      ],
      [specRecharge('9876512345', other.Id, 'Mumbai'), 'This plan is not available in the Mumbai circle'],
      [recharge('9876512345', other.Id, 'Mumbai'), 'This plan is not available in the Mumbai circle'],
    ] as const;
    for (const [body, detail] of cases) {
      const response = await post('/bbps/prod/validate', body, user.headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        respCode: 0,
        status: 'FAILURE',
        response: {
          responseReason: 'Failure',
          complianceReason: detail,
          complianceRespCd: 'BVR006',
          errorList: [{ errorCd: 'BVR006', errorDtl: detail }],
          noBillDue: false,
        },
      });
    }
    expect(await validationRows(user.userId)).toHaveLength(before);
  });

  it("passes the network's no on with its reason (an invalid number)", async () => {
    const [plan] = await plansOf(airtel.billerId, 'Mumbai');
    if (!plan) throw new Error('no plan');
    const response = await post(
      '/bbps/prod/validate',
      recharge('9876540001', plan.Id, 'Mumbai'),
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 0,
      response: { errorList: [{ errorDtl: 'Invalid customer account' }], noBillDue: false },
    });
  });

  it('needs a signed-in user', async () => {
    const response = await post('/bbps/prod/validate', recharge('9876512345', 'X', 'Mumbai'));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please login to continue');
  });
});
