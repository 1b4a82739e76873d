import { indiaDate } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import type { TestClock } from '../src/lib/clock.ts';
import { type SignedInUser, signedInUser } from './support/bill-network.ts';
import { complaintPayments } from './support/complaint-payments.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * Complaints that close the loop (issue 36 item 5, decision 114): the network's resolution reaches the
 * payer in one mail in their language, and My complaints lists the caller's own.
 */
let env: TestEnv;
let payments: ReturnType<typeof complaintPayments>;
beforeAll(async () => {
  env = await startTestEnv({ TEST_CLOCK: true });
  payments = complaintPayments(env);
});
afterAll(async () => {
  await env?.close();
});

/** The sandbox network resolves a complaint two minutes after it is raised; the api asks every hour. */
const NETWORK_RESOLVES_AFTER_MS = 3 * 60_000;
const API_ASKS_AFTER_MS = 61 * 60_000;

let nextAddress = 1;
const call = (method: 'GET' | 'POST', url: string, who?: SignedInUser, payload?: object) =>
  env.app.inject({ method, url, payload, headers: who?.headers, remoteAddress: `10.7.0.${nextAddress++}` });

async function customer(language?: 'hi' | 'ta') {
  const who = await signedInUser(env);
  if (language) await env.database.db.update(users).set({ language }).where(eq(users.id, who.userId));
  return who;
}

/** Raises a complaint about a new payment of `who`'s, signed in; answers its Complaint ID and Txn ID. */
async function complainAboutAPayment(who: SignedInUser) {
  const txn = await payments.paymentOf(who.userId);
  const response = await call('POST', '/api/complaints', who, {
    name: 'Asha Raman',
    queryType: 'Money debited but no confirmation',
    contactNumber: txn.mobile,
    email: 'typed.on.the.form@example.com',
    initiatedVia: 'Erti Pay',
    transactionDate: indiaDate(),
    transactionAmount: txn.amountPaise / 100,
    txnReferenceId: txn.txnReferenceId,
  });
  expect(response.statusCode).toBe(201);
  return { complaintId: response.json().complaintId as string, txnReferenceId: txn.txnReferenceId };
}

const mailsTo = (who: SignedInUser, subject: RegExp) =>
  env.sandbox.mailbox.list(who.email).filter((mail) => subject.test(mail.subject));

/** Lets the network resolve every complaint raised so far, then lets the api's hourly tracking run. */
async function networkResolvesAndTheApiAsks() {
  env.sandbox.clock.advance(NETWORK_RESOLVES_AFTER_MS);
  (env.built.clock as TestClock).advance(API_ASKS_AFTER_MS);
  await env.runJobs();
  await env.runJobs();
}

describe('GET /api/complaints/mine (My complaints)', () => {
  it("lists the caller's own complaints only, newest first, with status and plain remarks", async () => {
    const asha = await customer();
    const ravi = await customer();
    const first = await complainAboutAPayment(asha);
    const second = await complainAboutAPayment(asha);
    const ravis = await complainAboutAPayment(ravi);

    const response = await call('GET', '/api/complaints/mine', asha);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const listed = response.json().complaints;
    expect(listed.map((c: { complaintId: string }) => c.complaintId)).toEqual([
      second.complaintId,
      first.complaintId,
    ]);
    expect(listed[0]).toMatchObject({
      txnReferenceId: second.txnReferenceId,
      queryType: 'Money debited but no confirmation',
      status: 'ASSIGNED',
    });
    // The network's role name (BBPOU) is said in words a customer knows.
    expect(listed[0].remarks).toBe("Assigned to the biller's bank on Bharat Connect");
    expect(JSON.stringify(listed)).not.toContain(ravis.complaintId);

    const ravisList = (await call('GET', '/api/complaints/mine', ravi)).json().complaints;
    expect(ravisList.map((c: { complaintId: string }) => c.complaintId)).toEqual([ravis.complaintId]);
  });

  it('is for signed-in customers only', async () => {
    expect((await call('GET', '/api/complaints/mine')).statusCode).toBe(401);
  });
});

describe('a resolved complaint closes the loop', () => {
  it('mails the payer the resolution exactly once, however often and wherever the news is learnt', async () => {
    const asha = await customer();
    const { complaintId, txnReferenceId } = await complainAboutAPayment(asha);
    await env.runJobs();
    expect(mailsTo(asha, /^Complaint registered/)).toHaveLength(1);

    // The hourly tracking job, the customer checking the status and several requests at once (as
    // replicas would) all learn of the resolution.
    env.sandbox.clock.advance(NETWORK_RESOLVES_AFTER_MS);
    (env.built.clock as TestClock).advance(API_ASKS_AFTER_MS);
    const checks = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', '/api/complaints/status', undefined, { complaintId, complaintType: 'Technical' }),
      ),
    );
    for (const check of checks) expect(check.json().status).toBe('RESOLVED');
    await env.runJobs();
    await env.runJobs();
    await call('POST', '/api/complaints/status', undefined, { complaintId, complaintType: 'Technical' });
    await env.runJobs();

    const resolved = mailsTo(asha, /^Complaint resolved/);
    expect(resolved).toHaveLength(1);
    expect(resolved[0]?.subject).toBe(`Complaint resolved: ${complaintId}`);
    expect(resolved[0]?.text).toContain(`about B-Connect Txn ID ${txnReferenceId} has been resolved`);
    expect(resolved[0]?.text).toContain(
      `What Bharat Connect says: Resolved: the biller confirmed transaction ${txnReferenceId}`,
    );
    expect(resolved[0]?.text).toContain('/my-complaints');
    expect(env.lastMail('typed.on.the.form@example.com')).toBeUndefined();

    const listed = (await call('GET', '/api/complaints/mine', asha)).json().complaints;
    expect(listed[0]).toMatchObject({ complaintId, status: 'RESOLVED' });
  });

  it('learns of the resolution by itself, with no one checking, and says it in Hindi and Tamil', async () => {
    const hindi = await customer('hi');
    const tamil = await customer('ta');
    const inHindi = await complainAboutAPayment(hindi);
    const inTamil = await complainAboutAPayment(tamil);
    await networkResolvesAndTheApiAsks();

    const hindiMails = mailsTo(hindi, /^शिकायत का समाधान हो गया/);
    expect(hindiMails).toHaveLength(1);
    expect(hindiMails[0]?.subject).toBe(`शिकायत का समाधान हो गया: ${inHindi.complaintId}`);
    expect(hindiMails[0]?.text).toContain('“मेरी शिकायतें”');
    const tamilMails = mailsTo(tamil, /^புகார் தீர்க்கப்பட்டது/);
    expect(tamilMails).toHaveLength(1);
    expect(tamilMails[0]?.text).toContain(`B-Connect பரிவர்த்தனை ID ${inTamil.txnReferenceId}`);

    // The tracking job is over: another hour asks nothing and mails nothing.
    await networkResolvesAndTheApiAsks();
    expect(mailsTo(hindi, /^शिकायत का समाधान/)).toHaveLength(1);
    expect(mailsTo(tamil, /^புகார் தீர்க்கப்பட்டது/)).toHaveLength(1);
  });
});
