import { indiaDate } from '@erti/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints } from '../../src/db/schema/support.ts';
import { newId } from '../../src/lib/ids.ts';
import { type SignedInUser, signedInUser } from '../support/bill-network.ts';
import { complaintPayments, type PaidTxn } from '../support/complaint-payments.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 5: anyone who saw a receipt's B-Connect Txn ID could raise the complaint about it
 * under their own e-mail, and the payer then got 409 "already open" without its Complaint ID. A
 * complaint about a payment now comes from its payer: signed in as them, or holding the code mailed
 * to the payer's own address; the acknowledgement goes only to the payer (decision 106).
 */
let env: TestEnv;
let payments: ReturnType<typeof complaintPayments>;
beforeAll(async () => {
  env = await startTestEnv();
  payments = complaintPayments(env);
});
afterAll(async () => {
  await env?.close();
});

const ATTACKER = 'attacker@example.com';
let nextAddress = 1;
/** Each call from its own address unless told, so per-address limits stay out of the way. */
const post = (url: string, payload: object, options: { headers?: object; ip?: string } = {}) =>
  env.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: options.headers as Record<string, string> | undefined,
    remoteAddress: options.ip ?? `10.35.5.${nextAddress++}`,
  });

const complaintAbout = (txn: PaidTxn, overrides: object = {}) => ({
  name: 'Someone',
  queryType: 'Money debited but no confirmation',
  contactNumber: '9876500001',
  email: ATTACKER,
  initiatedVia: 'Erti Pay',
  transactionDate: indiaDate(),
  transactionAmount: txn.amountPaise / 100,
  txnReferenceId: txn.txnReferenceId,
  ...overrides,
});

const storedComplaints = async () =>
  (await env.database.db.select({ total: count() }).from(complaints))[0]?.total ?? 0;

/** Asks for a code from `ip` and reads it from the payer's mailbox. */
async function mailedCode(txn: PaidTxn, payer: SignedInUser, ip?: string): Promise<string> {
  const asked = await post('/complaints/verification', { txnReferenceId: txn.txnReferenceId }, { ip });
  expect(asked.statusCode, asked.body).toBe(200);
  const code = env.lastMail(payer.email)?.text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a complaint about a payment', () => {
  it("is refused to a visitor and to another customer without the payer's code, and nothing is stored or mailed", async () => {
    const payer = await signedInUser(env);
    const txn = await payments.paymentOf(payer.userId);
    const stranger = await signedInUser(env);
    const before = await storedComplaints();
    for (const headers of [undefined, stranger.headers]) {
      const refused = await post('/complaints', complaintAbout(txn), { headers });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ messageKey: 'complaints.payerOnly' });
    }
    expect(await storedComplaints()).toBe(before);
    await env.runJobs();
    expect(env.lastMail(ATTACKER)).toBeUndefined();
  });

  it('is taken from the payer signed in, and acknowledged to the payer’s address, not the one typed', async () => {
    const payer = await signedInUser(env);
    const txn = await payments.paymentOf(payer.userId);
    const raised = await post('/complaints', complaintAbout(txn, { email: 'typo@example.com' }), {
      headers: payer.headers,
    });
    expect(raised.statusCode, raised.body).toBe(201);
    await env.runJobs();
    expect(env.lastMail(payer.email)?.text).toContain(raised.json().complaintId);
    expect(env.lastMail('typo@example.com')).toBeUndefined();
  });

  it("is taken from a signed-out payer with the code mailed to the payer's address, never to one they give", async () => {
    const payer = await signedInUser(env);
    const txn = await payments.paymentOf(payer.userId);
    const asked = await post('/complaints/verification', {
      txnReferenceId: txn.txnReferenceId,
      email: ATTACKER,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const masked = `${payer.email[0]}***@e***.com`;
    expect(asked.json()).toMatchObject({ sentTo: masked, messageKey: 'complaints.codeSent' });
    expect(asked.body).not.toContain(payer.email);
    expect(env.lastMail(ATTACKER)).toBeUndefined();
    const mail = env.lastMail(payer.email);
    expect(mail?.text).toContain(txn.txnReferenceId);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';

    const raised = await post('/complaints', complaintAbout(txn, { verificationCode: code }));
    expect(raised.statusCode, raised.body).toBe(201);
    const row = (
      await env.database.db
        .select()
        .from(complaints)
        .where(eq(complaints.complaintId, raised.json().complaintId))
    )[0];
    expect(row?.userId).toBe(payer.userId);
    await env.runJobs();
    expect(env.lastMail(payer.email)?.subject).toBe(`Complaint registered: ${raised.json().complaintId}`);
    expect(env.lastMail(ATTACKER)).toBeUndefined();
  });

  it('names an open complaint and its ID to the payer only, whoever raised it', async () => {
    const payer = await signedInUser(env);
    const txn = await payments.paymentOf(payer.userId);
    // A complaint a stranger raised before payers were asked to prove the payment theirs.
    const complaintId = newId('cmp');
    await env.database.db.insert(complaints).values({
      id: complaintId,
      complaintId,
      channel: 'local',
      complaintType: 'Transaction',
      queryType: 'Refund',
      txnReferenceId: txn.txnReferenceId,
      status: 'LOGGED',
      expectedResolutionDate: indiaDate(),
      details: { name: 'Stranger', email: ATTACKER, contactNumber: '9000000000' },
      senderIp: '10.35.5.250',
    });

    const stranger = await signedInUser(env);
    for (const headers of [undefined, stranger.headers]) {
      const refused = await post('/complaints', complaintAbout(txn), { headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(complaintId);
      expect(refused.body).not.toMatch(/already open/);
    }

    const own = await post('/complaints', complaintAbout(txn), { headers: payer.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ complaintId, messageKey: 'complaints.alreadyOpen' });

    const code = await mailedCode(txn, payer);
    const proven = await post('/complaints', complaintAbout(txn, { verificationCode: code }));
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json().complaintId).toBe(complaintId);
  });

  it('refuses a Txn ID that is not one of our payments like an unknown one, and sends no code', async () => {
    const elsewhere = await payments.paidTransaction();
    const asked = await post('/complaints/verification', { txnReferenceId: elsewhere.txnReferenceId });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().messageKey).toBe('complaints.txnNotFound');
    const raised = await post('/complaints', complaintAbout(elsewhere));
    expect(raised.statusCode).toBe(400);
    expect(raised.json().messageKey).toBe('complaints.txnNotFound');
  });
});

describe('wrong codes', () => {
  it('end a code after five, even before the right one', async () => {
    const payer = await signedInUser(env);
    const txn = await payments.paymentOf(payer.userId);
    const code = await mailedCode(txn, payer);
    for (let i = 0; i < 5; i++) {
      const guessed = await post('/complaints', complaintAbout(txn, { verificationCode: wrong(code) }));
      expect(guessed.statusCode).toBe(400);
      expect(guessed.json().messageKey).toBe('complaints.wrongCode');
    }
    const right = await post('/complaints', complaintAbout(txn, { verificationCode: code }));
    expect(right.statusCode).toBe(429);
    expect(right.json().messageKey).toBe('complaints.codeTriesUsed');
  });

  it('are limited to ten in ten minutes per address, an IPv6 one counted by its /64', async () => {
    const guesser = (n: number) => `2001:db8:35:5::${n.toString(16)}`;
    let guesses = 0;
    for (let payment = 0; payment < 2; payment++) {
      const payer = await signedInUser(env);
      const txn = await payments.paymentOf(payer.userId);
      const code = await mailedCode(txn, payer);
      for (let i = 0; i < 5; i++) {
        const body = complaintAbout(txn, { verificationCode: wrong(code) });
        expect((await post('/complaints', body, { ip: guesser(++guesses) })).statusCode).toBe(400);
      }
    }
    const payer = await signedInUser(env);
    const txn = await payments.paymentOf(payer.userId);
    const code = await mailedCode(txn, payer);
    const locked = await post('/complaints', complaintAbout(txn, { verificationCode: code }), {
      ip: guesser(0xfff),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().messageKey).toBe('account.wrongCodesLocked');
    // The payer, elsewhere, is not held back by the guesser.
    const own = await post('/complaints', complaintAbout(txn, { verificationCode: code }), {
      ip: '2001:db8:35:6::1',
    });
    expect(own.statusCode, own.body).toBe(201);
  });
});

describe("the payer's mails", () => {
  it('are five an hour from one requesting address, and a payment is mailed once in 30 seconds', async () => {
    const payer = await signedInUser(env);
    const txns = [];
    for (let i = 0; i < 6; i++) txns.push(await payments.paymentOf(payer.userId));
    const requester = '2001:db8:35:7::1';
    const ask = (txn: PaidTxn, ip = requester) =>
      post('/complaints/verification', { txnReferenceId: txn.txnReferenceId }, { ip });
    for (const txn of txns.slice(0, 5)) expect((await ask(txn)).statusCode).toBe(200);
    const sixth = await ask(txns[5]!, '2001:db8:35:7::2');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().messageKey).toBe('complaints.tooManyCodes');
    const again = await ask(txns[0]!, '10.35.7.1');
    expect(again.statusCode).toBe(429);
    expect(again.json().messageKey).toBe('account.otpWait');
  });

  it('are ten an hour to one payer from anywhere; the payer, signed in, still complains', async () => {
    const payer = await signedInUser(env);
    const txns = [];
    for (let i = 0; i < 11; i++) txns.push(await payments.paymentOf(payer.userId));
    for (const [i, txn] of txns.slice(0, 10).entries()) {
      const asked = await post(
        '/complaints/verification',
        { txnReferenceId: txn.txnReferenceId },
        {
          ip: `10.35.8.${i + 1}`,
        },
      );
      expect(asked.statusCode).toBe(200);
    }
    const eleventh = await post('/complaints/verification', { txnReferenceId: txns[10]!.txnReferenceId });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().messageKey).toBe('complaints.tooManyCodes');
    const own = await post('/complaints', complaintAbout(txns[10]!), { headers: payer.headers });
    expect(own.statusCode, own.body).toBe(201);
  });
});
