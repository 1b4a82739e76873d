import type { Biller } from '@erti/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/jobs.ts';
import { orders } from '../src/db/schema/payments.ts';
import { RECONCILE_JOB } from '../src/modules/payments/order-follow-ups.ts';
import { LATE_CHARGE_WATCH_MS } from '../src/modules/payments/reconciliation.service.ts';
import { billerWhere, hasOneDigitsParam, signedInUser, syncCatalogue } from './support/bill-network.ts';
import {
  api,
  fetchBill,
  gatewayLedger,
  orderOf,
  payAtPayu,
  postForm,
  settleGateway,
  settleJobs,
} from './support/payment-flows.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * Money bugs the chaos run (e2e/chaos) found, each reduced to its smallest form. A charge that
 * lands on an order we had already failed must still be found and refunded, even when no post back
 * or callback ever tells us about it.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

let env: TestEnv;
let electricity: Biller;
let user: User;

beforeAll(async () => {
  env = await startTestEnv({ BBPS_TIMEOUT_MS: 3_000, GATEWAY_TIMEOUT_MS: 3_000 });
  await syncCatalogue(env);
  electricity = await billerWhere(
    env,
    'Electricity',
    (biller) => biller.fetchRequirement === 'MANDATORY' && hasOneDigitsParam(biller),
  );
  user = await signedInUser(env);
});
afterAll(async () => {
  await env?.close();
});

/** Hands a fetched bill to PayU, as the payment screen's "Pay" does. */
async function handOffToPayu(bill: Awaited<ReturnType<typeof fetchBill>>) {
  const response = await api(env, 'POST', '/payu/generate-hash', user.headers, {
    amount: bill.amount,
    billReq: bill.billReq,
    billRes: bill.billRes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The reconciliation job that watches a failed order for a late charge. */
async function watchOf(orderId: string) {
  const [job] = await env.database.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, RECONCILE_JOB),
        sql`${jobs.payload}->>'orderId' = ${orderId}`,
        sql`${jobs.payload}->>'status' = 'PAYMENT_FAILED'`,
      ),
    );
  return job;
}

/** Reconciliation runs, PayU completes the refund, reconciliation follows it. */
async function reconcile() {
  await settleJobs(env);
  await settleGateway(env, 'payu');
  await settleJobs(env);
}

describe('a charge on an order already failed, with no post back', () => {
  it('is refunded when the same bill was handed off again in a second tab', async () => {
    const bill = await fetchBill(env, electricity, '4401', user.headers);
    const firstTab = await handOffToPayu(bill);
    // The second tab's hand-off closes the first: PayU has not seen it yet.
    const secondTab = await handOffToPayu(bill);
    expect((await orderOf(env, firstTab.orderId, user.headers)).status).toBe('PAYMENT_FAILED');

    // The first tab pays anyway; its browser is closed before PayU's page returns it to us.
    await payAtPayu(firstTab, { outcome: 'success' });
    expect(await gatewayLedger(env, 'payu', firstTab.txnid)).toMatchObject({ charges: 1 });

    await reconcile();
    expect((await orderOf(env, firstTab.orderId, user.headers)).status).toBe('REFUNDED');
    expect(await gatewayLedger(env, 'payu', firstTab.txnid)).toMatchObject({
      charged: firstTab.charge.totalPaise,
      refunded: firstTab.charge.totalPaise,
    });
    expect((await orderOf(env, secondTab.orderId, user.headers)).status).toBe('PAYMENT_PENDING');
  });

  it('is refunded when the customer paid again on PayU after a failure and never came back', async () => {
    const handoff = await handOffToPayu(await fetchBill(env, electricity, '4402', user.headers));
    const failed = await payAtPayu(handoff, { outcome: 'failure' });
    await postForm(failed.action, failed.fields);
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('PAYMENT_FAILED');

    // PayU's checkout lets the customer try again on the same transaction; this time it is paid.
    await payAtPayu(handoff, { outcome: 'success' });

    await reconcile();
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('REFUNDED');
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toMatchObject({
      charged: handoff.charge.totalPaise,
      refunded: handoff.charge.totalPaise,
    });
  });

  it('watches a failed payment for a late charge for a while, then stops asking', async () => {
    const handoff = await handOffToPayu(await fetchBill(env, electricity, '4403', user.headers));
    const failed = await payAtPayu(handoff, { outcome: 'failure' });
    await postForm(failed.action, failed.fields);
    await settleJobs(env);
    expect(await watchOf(handoff.orderId)).toMatchObject({ status: 'queued' });

    await env.database.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - LATE_CHARGE_WATCH_MS) })
      .where(eq(orders.id, handoff.orderId));
    await settleJobs(env);
    expect(await watchOf(handoff.orderId)).toMatchObject({ status: 'done' });
    expect((await orderOf(env, handoff.orderId, user.headers)).status).toBe('PAYMENT_FAILED');
    expect(await gatewayLedger(env, 'payu', handoff.txnid)).toBeUndefined();
  });
});
