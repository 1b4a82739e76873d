import { indiaDate } from '@erti/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { complaints } from '../src/db/schema/support.ts';
import { type SignedInUser, signedInUser } from './support/bill-network.ts';
import { complaintPayments } from './support/complaint-payments.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
let payments: ReturnType<typeof complaintPayments>;
beforeAll(async () => {
  env = await startTestEnv();
  payments = complaintPayments(env);
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => env.sandbox.faults.clear());

const paidTransaction = (mobile?: string) => payments.paidTransaction(mobile);
const orderFor = (...args: Parameters<typeof payments.orderFor>) => payments.orderFor(...args);

/** A payment of a new signed-in customer's: the one who may complain about it (decision 106). */
async function ownPayment(mobile?: string) {
  const owner = await signedInUser(env);
  const txn = await payments.paymentOf(owner.userId, mobile);
  return { owner, txn };
}

let nextAddress = 1;
/** Each call comes from its own address unless told, so the per-sender limit stays out of the way. */
const post = (
  url: string,
  payload: object,
  options: { headers?: Record<string, string>; ip?: string } = {},
) =>
  env.app.inject({
    method: 'POST',
    url,
    payload,
    headers: options.headers,
    remoteAddress: options.ip ?? `10.1.0.${nextAddress++}`,
  });

const storedComplaints = async () => {
  const [row] = await env.database.db.select({ total: count() }).from(complaints);
  return row?.total ?? 0;
};

const complaintRow = async (complaintId: string) =>
  (await env.database.db.select().from(complaints).where(eq(complaints.complaintId, complaintId)))[0];

const today = () => indiaDate();
const daysAgo = (days: number) => indiaDate(new Date(Date.now() - days * 86_400_000));
const inDays = (days: number) => indiaDate(new Date(Date.now() + days * 86_400_000));

const raiseBody = (overrides: object = {}) => ({
  name: 'Asha Raman',
  queryType: 'Money debited but no confirmation',
  contactNumber: '9876500001',
  email: 'asha.complaint@example.com',
  initiatedVia: 'Erti Pay',
  transactionDate: today(),
  transactionAmount: 100,
  ...overrides,
});

/** A tiny real PNG (1 x 1). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('POST /api/complaints (raise)', () => {
  it("registers a transaction complaint on the network, stores it and acknowledges it to the payer's address", async () => {
    const { owner, txn } = await ownPayment();
    const response = await post(
      '/api/complaints',
      raiseBody({
        txnReferenceId: txn.txnReferenceId.toLowerCase(),
        transactionAmount: txn.amountPaise / 100,
        screenshot: `data:image/png;base64,${PNG}`,
        description: 'Money left my account but I got no receipt',
      }),
      { headers: owner.headers },
    );
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.complaintId).toMatch(/^CC01\d{11}$/);
    expect(answer.status).toBe('ASSIGNED');
    expect(answer.expectedResolutionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.expectedResolutionDate > today()).toBe(true);
    expect(answer.message).toContain(`B-Connect Txn ID ${txn.txnReferenceId}`);

    const row = await complaintRow(answer.complaintId);
    expect(row).toMatchObject({
      channel: 'network',
      complaintType: 'Transaction',
      txnReferenceId: txn.txnReferenceId,
      disposition: 'Amount deducted, biller account credited but transaction ID not received',
      screenshot: `data:image/png;base64,${PNG}`,
    });
    expect(row?.details.transactionAmountPaise).toBe(txn.amountPaise);

    await env.runJobs();
    const mail = env.lastMail(owner.email);
    expect(mail?.subject).toBe(`Complaint registered: ${answer.complaintId}`);
    expect(mail?.text).toContain(`Your Complaint ID is ${answer.complaintId}`);
    // The address typed on the form is kept for our team, never mailed (decision 106).
    expect(env.lastMail('asha.complaint@example.com')).toBeUndefined();
  });

  it('answers its payer an open complaint about the same transaction instead of raising a second one', async () => {
    const { owner: asha, txn } = await ownPayment();
    const body = raiseBody({ txnReferenceId: txn.txnReferenceId });
    const first = await post('/api/complaints', body, { headers: asha.headers });
    const again = await post('/api/complaints', body, { headers: asha.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().complaintId).toBe(first.json().complaintId);
    expect(again.json().message).toMatch(/already open/);
    expect(again.json()).toMatchObject({
      messageKey: 'complaints.alreadyOpen',
      messageValues: { complaintId: first.json().complaintId, txnReferenceId: txn.txnReferenceId },
    });

    // Anyone else holding the Txn ID is asked to show the payment is theirs, and told nothing of it.
    const stranger = await signedInUser(env);
    for (const headers of [stranger.headers, undefined]) {
      const other = await post('/api/complaints', body, { headers });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).not.toMatch(/already open/);
      expect(other.body).not.toContain(first.json().complaintId);
    }
  });

  it("files 'Failed transaction' about a payment the network saw succeed as 'account not updated'", async () => {
    const { owner, txn } = await ownPayment();
    const response = await post(
      '/api/complaints',
      raiseBody({ queryType: 'Failed transaction', txnReferenceId: txn.txnReferenceId }),
      { headers: owner.headers },
    );
    expect(response.statusCode).toBe(201);
    expect((await complaintRow(response.json().complaintId))?.disposition).toBe(
      'Transaction Successful, account not updated',
    );
  });

  it("finds the caller's own payment from the contact number, date and amount when the Txn ID is missing", async () => {
    const owner = await signedInUser(env);
    const txn = await paidTransaction('9876500077');
    await orderFor(owner.userId, txn);
    const body = raiseBody({
      queryType: 'Transaction ID not received',
      contactNumber: txn.mobile,
      transactionAmount: txn.amountPaise / 100,
    });
    const response = await post('/api/complaints', body, { headers: owner.headers });
    expect(response.statusCode).toBe(201);
    expect((await complaintRow(response.json().complaintId))?.txnReferenceId).toBe(txn.txnReferenceId);
  });

  it('finds it by the total with the convenience fee too, as the receipt and the bank statement show it', async () => {
    const owner = await signedInUser(env);
    const txn = await paidTransaction('9876500079');
    await orderFor(owner.userId, txn, new Date(), 500);
    const body = raiseBody({
      queryType: 'Transaction ID not received',
      contactNumber: txn.mobile,
      transactionAmount: (txn.amountPaise + 500) / 100,
    });
    const response = await post('/api/complaints', body, { headers: owner.headers });
    expect(response.statusCode).toBe(201);
    expect((await complaintRow(response.json().complaintId))?.txnReferenceId).toBe(txn.txnReferenceId);
  });

  it("never ties a visitor's or another customer's complaint to a payment by someone's number", async () => {
    const owner = await signedInUser(env);
    const txn = await paidTransaction('9876500078');
    await orderFor(owner.userId, txn);
    const body = raiseBody({
      queryType: 'Transaction ID not received',
      contactNumber: txn.mobile,
      transactionAmount: txn.amountPaise / 100,
      email: 'someone.else@example.com',
    });
    const stranger = await signedInUser(env);
    for (const headers of [undefined, stranger.headers]) {
      const response = await post('/api/complaints', body, { headers });
      expect(response.statusCode).toBe(201);
      expect(response.json().complaintId).toMatch(/^cmp_/);
      expect(response.json().message).not.toContain(txn.txnReferenceId);
      expect((await complaintRow(response.json().complaintId))?.txnReferenceId).toBeNull();
    }
    await env.runJobs();
    expect(env.lastMail('someone.else@example.com')).toBeUndefined();
    expect(env.lastMail(stranger.email)?.text).not.toContain(txn.txnReferenceId);
  });

  it('keeps a complaint it cannot tie to a transaction for our support team, and tells support', async () => {
    const asha = await signedInUser(env);
    const response = await post(
      '/api/complaints',
      raiseBody({
        queryType: 'Others',
        email: 'asha.other@example.com',
        description: 'The site logged me out twice while paying',
        transactionDate: undefined,
        transactionAmount: undefined,
      }),
      { headers: asha.headers },
    );
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.complaintId).toMatch(/^cmp_/);
    expect(answer.status).toBe('LOGGED');
    expect((await complaintRow(answer.complaintId))?.complaintType).toBe('Service');
    await env.runJobs();
    expect(env.lastMail(asha.email)?.text).toContain(answer.complaintId);
    expect(env.lastMail('asha.other@example.com')).toBeUndefined();
    const support = env.lastMail(env.config.SUPPORT_EMAIL);
    expect(support?.text).toContain('The site logged me out twice while paying');
    expect(support?.text).toContain('asha.other@example.com');
  });

  it("acknowledges a visitor's complaint on screen only: the address typed is for our team to answer", async () => {
    const response = await post(
      '/api/complaints',
      raiseBody({ queryType: 'Others', email: 'visitor@example.com', description: 'Slow pages' }),
    );
    expect(response.statusCode).toBe(201);
    await env.runJobs();
    expect(env.lastMail('visitor@example.com')).toBeUndefined();
    expect(env.lastMail(env.config.SUPPORT_EMAIL)?.text).toContain(response.json().complaintId);
  });

  it.each([
    ['a missing name', { name: undefined }, /Please enter your name/],
    ['an unknown type of query', { queryType: 'Angry' }, /type of query/i],
    ['a short contact number', { contactNumber: '98765' }, /Contact Number must be exactly 10 digits/],
    ['a missing contact number', { contactNumber: undefined }, /Please enter the Contact Number/],
    ['a bad e-mail', { email: 'asha@' }, /valid Email ID/],
    ['a future transaction date', { transactionDate: inDays(2) }, /cannot be in the future/],
    ['an impossible date', { transactionDate: '2025-02-30' }, /not a real date/],
    ['a missing date for a transaction query', { transactionDate: undefined }, /Transaction Date/],
    ['a negative amount', { transactionAmount: -5 }, /Transaction Amount must not have a sign/],
    ['a zero amount', { transactionAmount: '0.00' }, /Transaction Amount must be greater than 0/],
    [
      'fractions of a paisa',
      { transactionAmount: 10.005 },
      /Transaction Amount must have at most two decimals/,
    ],
    ['an exponent', { transactionAmount: '1e3' }, /Transaction Amount must not have an exponent/],
    ['a separator', { transactionAmount: '1,000' }, /Transaction Amount must be digits with a decimal point/],
    [
      'more than the largest amount',
      { transactionAmount: 2e9 },
      /Transaction Amount must be at most 999999999.99/,
    ],
    ['Others without a description', { queryType: 'Others' }, /describe your complaint/],
    [
      'a screenshot that is not an image data URL',
      { screenshot: 'data:application/pdf;base64,JVBERi0=' },
      /PNG, JPEG or WebP/,
    ],
  ])('answers %s with 400 and a message, storing nothing', async (_case, overrides, message) => {
    const before = await storedComplaints();
    const response = await post('/api/complaints', raiseBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await storedComplaints()).toBe(before);
  });

  it('checks the screenshot by its bytes: a PNG label on text, or more than 1 MB, is refused', async () => {
    const before = await storedComplaints();
    const notAnImage = await post(
      '/api/complaints',
      raiseBody({ screenshot: `data:image/png;base64,${Buffer.from('just some text').toString('base64')}` }),
    );
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().message).toBe('The screenshot must be a PNG, JPEG or WebP image');

    const big = Buffer.alloc(1024 * 1024 + 1);
    Buffer.from(PNG, 'base64').copy(big);
    const oversized = await post(
      '/api/complaints',
      raiseBody({ screenshot: `data:image/png;base64,${big.toString('base64')}` }),
    );
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().message).toBe('The screenshot must be 1 MB or smaller');

    const huge = await post(
      '/api/complaints',
      raiseBody({ screenshot: `data:image/png;base64,${'A'.repeat(2_000_000)}` }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();
    expect(await storedComplaints()).toBe(before);
  });

  it('refuses a Txn ID the network does not know, storing nothing', async () => {
    const before = await storedComplaints();
    const response = await post('/api/complaints', raiseBody({ txnReferenceId: 'EP0130400000000000ZZ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/could not find a Bharat Connect transaction/);
    expect(await storedComplaints()).toBe(before);
  });

  it('answers 503 when the network is down and the complaint names a transaction, storing nothing', async () => {
    const { owner, txn } = await ownPayment();
    env.sandbox.faults.add({ path: '/bou/npciservice/status', kind: 'error', status: 503 });
    const before = await storedComplaints();
    const response = await post('/api/complaints', raiseBody({ txnReferenceId: txn.txnReferenceId }), {
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/not answering/);
    expect(await storedComplaints()).toBe(before);
  });

  it('limits one sender to 10 complaints an hour', async () => {
    const body = raiseBody({ queryType: 'Others', description: 'Testing the limit' });
    for (let i = 0; i < 10; i++)
      expect((await post('/api/complaints', body, { ip: '10.9.9.9' })).statusCode).toBe(201);
    const eleventh = await post('/api/complaints', body, { ip: '10.9.9.9' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/try again later/);
  });

  it('links the complaint to the signed-in user', async () => {
    const user = await signedInUser(env);
    const response = await post('/api/complaints', raiseBody({ queryType: 'Others', description: 'Mine' }), {
      headers: user.headers,
    });
    expect((await complaintRow(response.json().complaintId))?.userId).toBe(user.userId);
  });
});

describe('POST /api/complaints/status', () => {
  it('tracks a complaint we registered to its resolution on the network', async () => {
    const { owner, txn } = await ownPayment();
    const raised = (
      await post('/api/complaints', raiseBody({ txnReferenceId: txn.txnReferenceId }), {
        headers: owner.headers,
      })
    ).json();

    const first = await post('/api/complaints/status', {
      complaintId: raised.complaintId,
      complaintType: 'Technical',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      complaintId: raised.complaintId,
      status: 'ASSIGNED',
      expectedResolutionDate: raised.expectedResolutionDate,
    });

    await fetch(`${env.sandboxUrl}/bou/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 3 * 60_000 }),
    });
    try {
      const later = await post('/api/complaints/status', {
        complaintId: raised.complaintId,
        complaintType: 'Technical',
      });
      expect(later.json().status).toBe('RESOLVED');
      expect(later.json().remarks).toContain(txn.txnReferenceId);
      expect((await complaintRow(raised.complaintId))?.status).toBe('RESOLVED');
    } finally {
      await fetch(`${env.sandboxUrl}/bou/_sandbox/clock`, { method: 'DELETE' });
    }
  });

  it('answers the last known status when the network is down', async () => {
    const { owner, txn } = await ownPayment();
    const raised = (
      await post('/api/complaints', raiseBody({ txnReferenceId: txn.txnReferenceId }), {
        headers: owner.headers,
      })
    ).json();
    env.sandbox.faults.add({ path: '/bou/extComplaints/track', kind: 'error', status: 500 });
    const response = await post('/api/complaints/status', {
      complaintId: raised.complaintId,
      complaintType: 'Technical',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ASSIGNED');
    expect(response.json().remarks).toMatch(/last status we know/);
  });

  it('answers our own complaints from our records', async () => {
    const raised = (
      await post('/api/complaints', raiseBody({ queryType: 'Others', description: 'Slow site' }))
    ).json();
    const response = await post('/api/complaints/status', {
      complaintId: raised.complaintId,
      complaintType: 'Service',
    });
    expect(response.json()).toMatchObject({
      status: 'LOGGED',
      expectedResolutionDate: raised.expectedResolutionDate,
    });
  });

  it('tracks on the network a complaint raised elsewhere', async () => {
    const txn = await paidTransaction();
    const elsewhere = await payments.network.registerComplaint({
      complaintType: 'Transaction',
      txnRefId: txn.txnReferenceId,
      complaintDisposition: 'Amount deducted multiple times',
      complaintDesc: 'Raised at a bank branch',
    });
    const response = await post('/api/complaints/status', {
      complaintId: elsewhere.complaintId,
      complaintType: 'Technical',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ASSIGNED', expectedResolutionDate: null });
  });

  it.each([
    [
      'an unknown complaint',
      { complaintId: 'CC0125999000000', complaintType: 'Technical' },
      404,
      /could not find a complaint/,
    ],
    ['a missing id', { complaintType: 'Service' }, 400, /Complaint ID/],
    [
      'an unknown type',
      { complaintId: 'CC0125999000000', complaintType: 'Billing' },
      400,
      /type of complaint/,
    ],
  ])('answers %s with the status and a message', async (_case, body, status, message) => {
    const response = await post('/api/complaints/status', body);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
  });
});

describe('POST /api/complaints/transactions', () => {
  it('tells anyone the status and date of a Txn ID, and its owner the biller and amount too', async () => {
    const owner = await signedInUser(env);
    const stranger = await signedInUser(env);
    const txn = await paidTransaction();
    await orderFor(owner.userId, txn, new Date(), 1_500);

    const visitor = (
      await post('/api/complaints/transactions', { txnReferenceId: txn.txnReferenceId })
    ).json();
    expect(visitor.transactions).toEqual([
      {
        txnReferenceId: txn.txnReferenceId,
        status: 'SUCCESS',
        txnDate: expect.any(String),
        billerName: null,
        amountPaise: null,
        convenienceFeePaise: null,
        totalPaise: null,
      },
    ]);
    expect(Math.abs(Date.parse(visitor.transactions[0].txnDate) - Date.now())).toBeLessThan(10 * 60_000);

    const other = await post(
      '/api/complaints/transactions',
      { txnReferenceId: txn.txnReferenceId },
      { headers: stranger.headers },
    );
    expect(other.json().transactions[0].amountPaise).toBeNull();

    const own = await post(
      '/api/complaints/transactions',
      { txnReferenceId: txn.txnReferenceId },
      { headers: owner.headers },
    );
    expect(own.json().transactions[0]).toMatchObject({
      billerName: 'Maharashtra State Electricity Distribution Co. Ltd.',
      amountPaise: txn.amountPaise,
      convenienceFeePaise: 1_500,
      totalPaise: txn.amountPaise + 1_500,
    });
  });

  it('finds nothing for a Txn ID the network does not know', async () => {
    const response = await post('/api/complaints/transactions', { txnReferenceId: 'EP0130400000000000ZZ' });
    expect(response.json()).toEqual({ transactions: [] });
  });

  it("answers a mobile-number search with the signed-in user's own payments in the range", async () => {
    const user = await signedInUser(env);
    const someoneElse = await signedInUser(env);
    const mine = await paidTransaction('9876500222');
    const theirs = await paidTransaction('9876500222');
    const old = await paidTransaction('9876500222');
    await orderFor(user.userId, mine);
    await orderFor(someoneElse.userId, theirs);
    await orderFor(user.userId, old, new Date(Date.now() - 40 * 86_400_000));

    const response = await post(
      '/api/complaints/transactions',
      { mobileNumber: '9876500222', fromDate: daysAgo(7), toDate: today() },
      { headers: user.headers },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().transactions).toEqual([
      {
        txnReferenceId: mine.txnReferenceId,
        status: 'SUCCESS',
        txnDate: expect.any(String),
        billerName: 'Maharashtra State Electricity Distribution Co. Ltd.',
        amountPaise: mine.amountPaise,
        convenienceFeePaise: 0,
        totalPaise: mine.amountPaise,
      },
    ]);
  });

  it('asks a visitor to log in for a mobile-number search', async () => {
    const response = await post('/api/complaints/transactions', {
      mobileNumber: '9876500222',
      fromDate: daysAgo(7),
      toDate: today(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please login to continue');
  });

  it.each([
    ['To before From', { fromDate: daysAgo(1), toDate: daysAgo(3) }, /To Date cannot be before From Date/],
    ['a future To Date', { fromDate: daysAgo(1), toDate: inDays(1) }, /cannot be in the future/],
    ['a range over 90 days', { fromDate: daysAgo(120), toDate: today() }, /at most 90 days/],
    ['a missing From Date', { fromDate: undefined, toDate: today() }, /From Date/],
    ['a short mobile number', { mobileNumber: '98765' }, /10 digits/],
  ])('answers %s with 400 and a message', async (_case, overrides, message) => {
    const user = await signedInUser(env);
    const response = await post(
      '/api/complaints/transactions',
      { mobileNumber: '9876500222', fromDate: daysAgo(7), toDate: today(), ...overrides },
      { headers: user.headers },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('answers an empty query with 400 and what to enter', async () => {
    const response = await post('/api/complaints/transactions', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /Mobile Number with From and To dates, or a Transaction Reference ID/,
    );
  });
});

/**
 * Day 0 is the To Date; day 90 is the From Date 90 India calendar days before it, the earliest a
 * search may start. A search holds the payments made from 00:00 IST of its From Date to the last
 * millisecond of its To Date (IST).
 */
describe('the 90-day window of Transaction Queries', () => {
  const startOfIndianDay = (date: string) => new Date(`${date}T00:00:00+05:30`);
  const search = (user: SignedInUser, mobileNumber: string, fromDate: string, toDate = today()) =>
    post('/api/complaints/transactions', { mobileNumber, fromDate, toDate }, { headers: user.headers });

  it('finds a payment of the first millisecond of day 90 and of the last of day 0, not one of the last of day 91', async () => {
    const user = await signedInUser(env);
    const mobile = '9876500390';
    const [onDay90, onDay91, onDay0] = [
      await paidTransaction(mobile),
      await paidTransaction(mobile),
      await paidTransaction(mobile),
    ];
    const day90Starts = startOfIndianDay(daysAgo(90));
    await orderFor(user.userId, onDay90, day90Starts);
    await orderFor(user.userId, onDay91, new Date(day90Starts.getTime() - 1));
    await orderFor(user.userId, onDay0, new Date(startOfIndianDay(inDays(1)).getTime() - 1));

    const response = await search(user, mobile, daysAgo(90));
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json().transactions.map((txn: { txnReferenceId: string }) => txn.txnReferenceId);
    expect(found).toEqual([onDay0.txnReferenceId, onDay90.txnReferenceId]);
  });

  it('refuses a search from day 91 with a 400, and takes 90 days ending before today', async () => {
    const user = await signedInUser(env);
    const refused = await search(user, '9876500391', daysAgo(91));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Please choose a range of at most 90 days');
    expect((await search(user, '9876500391', daysAgo(91), daysAgo(1))).statusCode).toBe(200);
  });
});

describe('lookup limits', () => {
  it('limits one address to 30 status and transaction lookups a minute', async () => {
    const lookup = () => post('/api/complaints/status', { complaintType: 'Service' }, { ip: '10.8.8.8' });
    for (let i = 0; i < 30; i++) expect((await lookup()).statusCode).toBe(400);
    const limited = await lookup();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
    // One count for both lookups.
    const transactions = await post('/api/complaints/transactions', {}, { ip: '10.8.8.8' });
    expect(transactions.statusCode).toBe(429);
  });
});

describe('OpenAPI', () => {
  it('documents the complaint endpoints under their tag', async () => {
    const document = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/complaints',
      '/api/complaints/verification',
      '/api/complaints/status',
      '/api/complaints/transactions',
    ]) {
      expect(document.paths[path].post.tags).toEqual(['complaints']);
    }
  });
});
