import type { BbpsBiller, BbpsPlan } from '@erti/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BouClient, numberEnding, startBou } from './support/bou-client.ts';

let bou: BouClient;
let msedcl: BbpsBiller;
beforeAll(async () => {
  bou = await startBou();
  msedcl = await bou.biller('Electricity', (biller) => biller.billerId === 'MAHA00000MAH01');
});
afterAll(() => bou.close());

const msedclParams = (consumer: string) => [
  { name: 'Consumer No', value: consumer },
  { name: 'BU', value: '4637' },
];

describe('POST /bou/npciservice/fetch', () => {
  it('answers the same bill for the same customer, with a fresh 35-character refId each time', async () => {
    const first = await bou.fetchBill(msedcl.billerId, msedclParams('170010012345'));
    const second = await bou.fetchBill(msedcl.billerId, msedclParams('170010012345'));
    expect(first).toMatchObject({ respCode: '1', status: 'SUCCESS', response: { responseCode: '000' } });
    expect(second.response.billerResponse).toEqual(first.response.billerResponse);
    expect(first.response.refId).toMatch(/^[A-Z0-9]{27}\d{8}$/);
    expect(second.response.refId).not.toBe(first.response.refId);
    const bill = first.response.billerResponse!;
    expect(bill.customerName).toMatch(/^[A-Z' ]+ [A-Z']+$/);
    expect(Number(bill.amount)).toBeGreaterThanOrEqual(25_000);
    expect(bill.dueDate > bill.billDate).toBe(true);
    expect(first.response.billDetails).toEqual(msedclParams('170010012345'));
    const other = await bou.fetchBill(msedcl.billerId, msedclParams('170010012346'));
    expect(other.response.billerResponse?.billNumber).not.toBe(bill.billNumber);
  });

  it.each([
    ['0001', 'BFR001', 'Invalid customer account'],
    ['0004', 'BFR004', 'Payment received for the billing period - no bill due'],
    ['0008', 'BFR008', 'Unable to get bill details from biller'],
  ])('answers numbers ending %s with %s', async (suffix, code, text) => {
    const answer = await bou.fetchBill(msedcl.billerId, msedclParams(numberEnding(suffix)));
    expect(answer).toMatchObject({
      respCode: '0',
      status: 'FAILURE',
      response: {
        complianceRespCd: code,
        complianceReason: text,
        errorList: [{ errorCd: code, errorDtl: text }],
      },
    });
  });

  it('refuses missing, malformed and unknown parameters and unknown billers with BFR002', async () => {
    const cases = [
      [msedcl.billerId, [{ name: 'Consumer No', value: '170010012345' }], 'BU is required'],
      [msedcl.billerId, msedclParams('12AB'), 'Invalid Consumer No'],
      [
        msedcl.billerId,
        [...msedclParams('170010012345'), { name: 'PIN', value: '1' }],
        'Unknown parameter PIN',
      ],
      ['NOPE00000NAT01', msedclParams('170010012345'), 'Unknown biller NOPE00000NAT01'],
    ] as const;
    for (const [billerId, params, detail] of cases) {
      const answer = await bou.fetchBill(billerId, [...params]);
      expect(answer.response).toMatchObject({
        complianceRespCd: 'BFR002',
        errorList: [{ errorDtl: detail }],
      });
    }
  });

  it('needs at least one of the optional LPG parameters', async () => {
    const lpg = await bou.biller('LPG Gas');
    const none = await bou.fetchBill(lpg.billerId, []);
    expect(none.response.errorList?.[0]?.errorDtl).toBe('Enter at least one of Mobile Number, LPG ID');
    const byMobile = await bou.fetchBill(lpg.billerId, [{ name: 'Mobile Number', value: '9876543210' }]);
    expect(byMobile.respCode).toBe('1');
  });

  it('does not fetch for billers without bill fetch', async () => {
    const fastag = await bou.biller('Fastag', (biller) => biller.billerFetchRequiremet === 'NOT_SUPPORTED');
    const answer = await bou.fetchBill(fastag.billerId, [{ name: 'Vehicle Number', value: 'MH12AB1234' }]);
    expect(answer.response.complianceRespCd).toBe('BRP046');
  });

  it('answers a malformed request with 400', async () => {
    const answer = await bou.post('/npciservice/fetch', { billDetails: { billerId: 'X' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ respCode: '0' });
  });
});

describe('POST /bou/npciservice/billValidation', () => {
  let airtel: BbpsBiller;
  let plans: BbpsPlan[];
  const mobile = (number: string, circle?: string) => [
    { name: 'Mobile Number', value: number },
    ...(circle ? [{ name: 'Circle', value: circle }] : []),
  ];

  beforeAll(async () => {
    airtel = await bou.biller('Mobile Prepaid', (biller) => biller.billerName === 'Airtel');
    plans = (await bou.plans(airtel.billerId)).filter((plan) => plan.status === 'ACTIVE');
  });

  it('validates a recharge of a plan and names the customer', async () => {
    const plan = plans.find((candidate) => candidate.circle === 'Mumbai')!;
    const answer = await bou.validate(airtel.billerId, mobile('9876543210', 'Mumbai'), { planId: plan.Id });
    expect(answer).toMatchObject({ respCode: '1', response: { responseCode: '000' } });
    expect(answer.response.approvalRefNum).toMatch(/^\d{8}$/);
    expect(answer.response.additionalInfo).toEqual([
      { name: 'Customer Name', value: expect.stringMatching(/^[A-Z]/) },
      { name: 'Operator', value: 'Airtel' },
      { name: 'Circle', value: 'Mumbai' },
    ]);
  });

  it('finds the plan by amount when no plan id is given', async () => {
    const plan = plans.find(
      (candidate) => candidate.circle === 'Delhi NCR' && candidate.categoryType === 'Unlimited',
    )!;
    const matched = await bou.validate(airtel.billerId, mobile('9876543210', 'Delhi NCR'), {
      amount: String(plan.amountInRupees * 100),
    });
    expect(matched.respCode).toBe('1');
    const unmatched = await bou.validate(airtel.billerId, mobile('9876543210', 'Delhi NCR'), {
      amount: '1234',
    });
    expect(unmatched.response.complianceRespCd).toBe('BVR006');
  });

  it('refuses a plan of another circle', async () => {
    const delhiPlan = plans.find((plan) => plan.circle === 'Delhi NCR')!;
    const answer = await bou.validate(airtel.billerId, mobile('9876543210', 'Mumbai'), {
      planId: delhiPlan.Id,
    });
    expect(answer.response).toMatchObject({
      complianceRespCd: 'BVR006',
      complianceReason: 'Plan not available in Mumbai',
    });
  });

  it.each([
    ['0001', 'BVR001'],
    ['1001', 'BVR001'],
    ['1005', 'BVR005'],
    ['1008', 'BVR008'],
  ])('answers numbers ending %s with %s', async (suffix, code) => {
    const answer = await bou.validate(airtel.billerId, mobile(`987654${suffix}`), { amount: '19900' });
    expect(answer).toMatchObject({ respCode: '0', response: { complianceRespCd: code } });
  });

  it('refuses a bad number, an amount outside the limits and billers without validation', async () => {
    const badNumber = await bou.validate(airtel.billerId, mobile('1234567890'));
    expect(badNumber.response).toMatchObject({
      complianceRespCd: 'BVR001',
      errorList: [{ errorDtl: 'Invalid Mobile Number' }],
    });
    const fastag = await bou.biller(
      'Fastag',
      (biller) => biller.billerSupportBillValidation !== 'NOT_SUPPORTED',
    );
    const vehicle = [{ name: 'Vehicle Number', value: 'KA01MX4321' }];
    const ok = await bou.validate(fastag.billerId, vehicle, { amount: '50000' });
    expect(ok.response.additionalInfo?.map((info) => info.name)).toEqual([
      'Customer Name',
      'Vehicle Class',
      'Tag Balance',
    ]);
    const tooMuch = await bou.validate(fastag.billerId, vehicle, { amount: '999999999' });
    expect(tooMuch.response.complianceRespCd).toBe('BVR005');
    const noValidation = await bou.validate(msedcl.billerId, msedclParams('170010012345'));
    expect(noValidation.response.complianceRespCd).toBe('BVR009');
  });
});
