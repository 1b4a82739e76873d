import { randomUUID } from 'node:crypto';
import type {
  BbpsBiller,
  BbpsComplaintRegistrationResponse,
  BbpsComplaintTrackResponse,
  NameValue,
} from '@erti/protocols';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BouClient, numberEnding, startBou } from './support/bou-client.ts';

let bou: BouClient;
let msedcl: BbpsBiller;
beforeAll(async () => {
  bou = await startBou();
  msedcl = await bou.biller('Electricity', (biller) => biller.billerId === 'MAHA00000MAH01');
});
afterAll(() => bou.close());
beforeEach(() => bou.sandbox.faults.clear());

const consumer = (number: string): NameValue[] => [
  { name: 'Consumer No', value: number },
  { name: 'BU', value: '4637' },
];

let nextConsumer = 100;
/** A fetched MSEDCL bill for a fresh consumer number (optionally ending in a test suffix). */
async function fetchedBill(suffix?: string) {
  nextConsumer += 1;
  const number = suffix
    ? numberEnding(suffix).replace(/^98/, String(nextConsumer).slice(-2))
    : `17001${String(nextConsumer).padStart(7, '0')}`;
  const params = consumer(number);
  const answer = await bou.fetchBill(msedcl.billerId, params);
  expect(answer.respCode).toBe('1');
  return { params, refId: answer.response.refId!, amount: answer.response.billerResponse!.amount };
}

async function payBill(
  bill: Awaited<ReturnType<typeof fetchedBill>>,
  extra: { amount?: string; clientRequestId?: string } = {},
) {
  return bou.pay({
    billerId: msedcl.billerId,
    customerParams: bill.params,
    refId: bill.refId,
    amount: extra.amount ?? bill.amount,
    clientRequestId: extra.clientRequestId ?? randomUUID(),
  });
}

const ledger = async () =>
  (
    await bou.get<{
      transactions: { clientRequestId: string; status: string; payCalls: number; amount: string }[];
    }>('/_sandbox/transactions')
  ).body.transactions;

describe('POST /bou/npciservice/pay', () => {
  it('pays a fetched bill and answers the B-Connect Txn ID and approval number', async () => {
    const bill = await fetchedBill();
    const answer = await payBill(bill);
    expect(answer).toMatchObject({
      respCode: '1',
      status: 'SUCCESS',
      response: { refId: bill.refId, responseCode: '000' },
    });
    expect(answer.response.txnReferenceId).toMatch(/^EP01\d{4}[A-Z0-9]{12}$/);
    expect(answer.response.approvalRefNum).toMatch(/^\d{8}$/);
    expect(answer.response.txnDateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers a repeated clientRequestId with the same payment and never pays twice', async () => {
    const bill = await fetchedBill();
    const clientRequestId = randomUUID();
    const first = await payBill(bill, { clientRequestId });
    const second = await payBill(bill, { clientRequestId });
    expect(second).toEqual(first);
    const entries = (await ledger()).filter((entry) => entry.clientRequestId === clientRequestId);
    expect(entries).toEqual([
      expect.objectContaining({ status: 'SUCCESS', payCalls: 2, amount: bill.amount }),
    ]);
  });

  it('refuses a second payment of the same bill', async () => {
    const bill = await fetchedBill();
    const first = await payBill(bill);
    const again = await payBill(bill);
    expect(again).toMatchObject({ respCode: '0', response: { complianceRespCd: 'BPR007' } });
    expect(again.response.errorList?.[0]?.errorDtl).toContain(first.response.txnReferenceId);
  });

  it('applies the exactness rule to the fetched amount', async () => {
    expect(msedcl.billerPaymentExactness).toBe('Exact and above');
    const bill = await fetchedBill();
    const less = await payBill(bill, { amount: String(Number(bill.amount) - 100) });
    expect(less.response.complianceRespCd).toBe('BPR011');
    const more = await payBill(bill, { amount: String(Number(bill.amount) + 100) });
    expect(more.respCode).toBe('1');
  });

  it('refuses unknown bill references, another customer`s bill and a missing fetch', async () => {
    const bill = await fetchedBill();
    const unknown = await payBill({ ...bill, refId: 'X'.repeat(35) });
    expect(unknown.response.complianceRespCd).toBe('BPR003');
    const otherCustomer = await payBill({ ...bill, params: consumer('170019999999') });
    expect(otherCustomer.response.errorList?.[0]?.errorDtl).toBe(
      'The bill reference belongs to another customer',
    );
    const noFetch = await bou.pay({
      billerId: msedcl.billerId,
      customerParams: bill.params,
      amount: bill.amount,
      clientRequestId: randomUUID(),
    });
    expect(noFetch.response.complianceRespCd).toBe('BPR003');
    const badMode = await bou.pay({
      ...bill,
      billerId: msedcl.billerId,
      customerParams: bill.params,
      clientRequestId: randomUUID(),
      paymentMode: 'Cheque',
    });
    expect(badMode.response.complianceRespCd).toBe('BPR004');
  });

  it('fails payments of numbers ending 0009 and when the fail fault is set', async () => {
    const declined = await payBill(await fetchedBill('0009'));
    expect(declined).toMatchObject({
      respCode: '0',
      status: 'FAILURE',
      response: { complianceRespCd: 'BPR005' },
    });
    expect(declined.response.txnReferenceId).toMatch(/^EP01/);
    bou.sandbox.faults.add({ path: '/bou/npciservice/pay', kind: 'fail', count: 1 });
    const bill = await fetchedBill();
    const faulted = await payBill(bill);
    expect(faulted.status).toBe('FAILURE');
    const retried = await payBill(bill);
    expect(retried.status).toBe('SUCCESS');
  });

  it('keeps a pending payment pending for five seconds, then settles it', async () => {
    bou.sandbox.faults.add({ path: '/bou/npciservice/pay', kind: 'pending', count: 1 });
    const pending = await payBill(await fetchedBill());
    expect(pending).toMatchObject({ respCode: '1', status: 'PENDING' });
    const txnReferenceId = pending.response.txnReferenceId!;
    const stillPending = await bou.status({ txnReferenceId });
    expect(stillPending.response.txnList[0]).toMatchObject({ txnStatus: 'PENDING', approvalRefNumber: '' });
    const endsInFailure = await payBill(await fetchedBill('0006'));
    const endsInSuccess = await payBill(await fetchedBill('0007'));
    expect([endsInFailure.status, endsInSuccess.status]).toEqual(['PENDING', 'PENDING']);
    await bou.advanceClock(5_000);
    const settled = await bou.status({ txnReferenceId });
    expect(settled.response.txnList[0]).toMatchObject({
      txnStatus: 'SUCCESS',
      approvalRefNumber: expect.stringMatching(/^\d{8}$/),
    });
    const failure = await bou.status({ txnReferenceId: endsInFailure.response.txnReferenceId });
    const success = await bou.status({ txnReferenceId: endsInSuccess.response.txnReferenceId });
    expect([failure.response.txnList[0]?.txnStatus, success.response.txnList[0]?.txnStatus]).toEqual([
      'FAILURE',
      'SUCCESS',
    ]);
  });

  it('takes quick payments without a fetch for direct billers', async () => {
    const donation = await bou.biller('Donation');
    const answer = await bou.pay({
      billerId: donation.billerId,
      customerParams: [{ name: 'Donor Mobile Number', value: '9876543210' }],
      amount: '50100',
      clientRequestId: randomUUID(),
    });
    expect(answer.status).toBe('SUCCESS');
  });

  it('pays a validated recharge at the plan price and reports the plan', async () => {
    const jio = await bou.biller('Mobile Prepaid', (biller) => biller.billerName === 'Jio');
    const plan = (await bou.plans(jio.billerId)).find(
      (candidate) => candidate.circle === 'Mumbai' && candidate.status === 'ACTIVE',
    )!;
    const customerParams = [{ name: 'Mobile Number', value: '9123456780' }];
    const validation = await bou.validate(jio.billerId, customerParams, { planId: plan.Id });
    const pay = (amount: number) =>
      bou.pay({
        billerId: jio.billerId,
        customerParams,
        refId: validation.response.refId,
        amount: String(amount),
        planId: plan.Id,
        clientRequestId: randomUUID(),
      });
    expect((await pay(plan.amountInRupees * 100 + 100)).response.complianceRespCd).toBe('BPR011');
    const paid = await pay(plan.amountInRupees * 100);
    expect(paid.status).toBe('SUCCESS');
    expect(paid.response.billerPlanResponse?.planInfo[0]?.planInfoTags).toEqual(
      expect.arrayContaining([{ name: 'Id', value: plan.Id }]),
    );
  });
});

describe('POST /bou/npciservice/status', () => {
  it('finds payments by B-Connect Txn ID, by clientRequestId and by mobile number and dates', async () => {
    const clientRequestId = randomUUID();
    const bill = await fetchedBill();
    const paid = await bou.pay({
      billerId: msedcl.billerId,
      customerParams: bill.params,
      refId: bill.refId,
      amount: bill.amount,
      clientRequestId,
      mobileNo: '9000012345',
    });
    const txnReferenceId = paid.response.txnReferenceId!;
    const byId = await bou.status({ txnReferenceId });
    expect(byId.response.txnList).toEqual([
      expect.objectContaining({
        txnReferenceId,
        clientRequestId,
        txnStatus: 'SUCCESS',
        amount: bill.amount,
        mobile: '9000012345',
      }),
    ]);
    expect((await bou.status({ clientRequestId })).response.txnList[0]?.txnReferenceId).toBe(txnReferenceId);
    const today = paid.response.txnDateTime!.slice(0, 10);
    const byMobile = await bou.status({ mobileNo: '9000012345', fromDate: today, toDate: today });
    expect(byMobile.response.txnList.map((txn) => txn.txnReferenceId)).toEqual([txnReferenceId]);
    const earlier = await bou.status({
      mobileNo: '9000012345',
      fromDate: '2020-01-01',
      toDate: '2020-01-31',
    });
    expect(earlier).toMatchObject({ respCode: '1', response: { txnList: [] } });
  });

  it('answers an empty list for unknown payments and refuses bad searches', async () => {
    expect((await bou.status({ txnReferenceId: 'EP0100000000000000000' })).response.txnList).toEqual([]);
    const reversed = await bou.status({
      mobileNo: '9000012345',
      fromDate: '2025-02-01',
      toDate: '2025-01-01',
    });
    expect(reversed.respCode).toBe('0');
    expect((await bou.post('/npciservice/status', { chId: 1 })).status).toBe(400);
  });
});

describe('complaints', () => {
  const register = async (request: object) =>
    (
      await bou.post<BbpsComplaintRegistrationResponse>('/extComplaints/register', {
        complaintRegistrationReq: request,
      })
    ).body.complaintRegistrationResp;
  const track = async (complaintType: string, complaintId: string) =>
    (await bou.post<BbpsComplaintTrackResponse>('/extComplaints/track', { complaintType, complaintId })).body
      .complaintTrackingResp;

  it('registers a transaction complaint and tracks it from ASSIGNED to RESOLVED', async () => {
    const paid = await payBill(await fetchedBill());
    const complaint = {
      complaintType: 'Transaction',
      txnRefId: paid.response.txnReferenceId,
      complaintDisposition: 'Transaction Successful, account not updated',
      complaintDesc: 'Paid but the bill still shows due',
    };
    const registered = await register(complaint);
    expect(registered).toMatchObject({ responseCode: '000', complaintAssigned: 'BBPOU' });
    expect(registered.complaintId).toMatch(/^CC01\d{11}$/);
    expect((await register(complaint)).complaintId).toBe(registered.complaintId);
    expect(await track('Transaction', registered.complaintId)).toMatchObject({
      complaintStatus: 'ASSIGNED',
      responseCode: '000',
    });
    await bou.advanceClock(60_000);
    expect((await track('Transaction', registered.complaintId)).complaintStatus).toBe('ESCALATED');
    await bou.advanceClock(60_000);
    const resolved = await track('Transaction', registered.complaintId);
    expect(resolved.complaintStatus).toBe('RESOLVED');
    expect(resolved.complaintRemarks).toContain(paid.response.txnReferenceId);
  });

  it('registers service complaints about a biller or an agent', async () => {
    const biller = await register({
      complaintType: 'Service',
      participationType: 'BILLER',
      billerId: msedcl.billerId,
      servReason: 'Incorrect bill details displayed',
      complaintDesc: 'Wrong name on the bill',
    });
    expect(biller).toMatchObject({ responseCode: '000', complaintAssigned: 'BBPOU' });
    const agent = await register({
      complaintType: 'Service',
      participationType: 'AGENT',
      agentId: 'AM01ERTI000000000001',
      servReason: 'Agent overcharging',
      complaintDesc: 'Charged a fee',
    });
    expect(agent.complaintAssigned).toBe('COU');
    expect(agent.complaintId).not.toBe(biller.complaintId);
  });

  it('refuses complaints without a known transaction, disposition or participant', async () => {
    const paid = await payBill(await fetchedBill());
    const cases = [
      [
        {
          complaintType: 'Transaction',
          txnRefId: 'EP0100000000000000000',
          complaintDisposition: 'Double payment updated',
          complaintDesc: 'x',
        },
        'CMP001',
      ],
      [
        {
          complaintType: 'Transaction',
          txnRefId: paid.response.txnReferenceId,
          complaintDisposition: 'Not a disposition',
          complaintDesc: 'x',
        },
        'CMP002',
      ],
      [{ complaintType: 'Service', servReason: 'Agent misbehaved', complaintDesc: 'x' }, 'CMP003'],
      [
        {
          complaintType: 'Service',
          participationType: 'BILLER',
          billerId: 'NOPE00000NAT01',
          servReason: 'x',
          complaintDesc: 'x',
        },
        'CMP003',
      ],
    ] as const;
    for (const [request, code] of cases) {
      const answer = await register(request);
      expect(answer).toMatchObject({ responseCode: '001', errorInfo: { error: [{ errorCode: code }] } });
    }
    expect(
      (await bou.post('/extComplaints/register', { complaintRegistrationReq: { complaintType: 'Other' } }))
        .status,
    ).toBe(400);
    expect(await track('Service', 'CC0100000000000')).toMatchObject({ responseCode: '001' });
  });
});
