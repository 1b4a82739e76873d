import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { orders } from '../src/db/schema/payments.ts';
import { lockedHoldOf, numberedBillKey, paymentsOfBills } from '../src/modules/payments/bill-holds.ts';
import { openTestDatabase } from './support/test-database.ts';

/**
 * "Already paid", decided one way (decision 128): the rule a manual payment and an AutoPay debit ask
 * under the bill's lock (`lockedHoldOf`) and the one My Bills and its reminders ask (`paymentsOfBills`)
 * answer alike for the same orders.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const MINUTE = 60_000;
let ordersMade = 0;

/** An order of `billKey` in `status`, opened `minutesAgo` minutes ago by `userId`. */
async function order(
  billKey: string,
  status: string,
  options: { minutesAgo?: number; userId?: string } = {},
) {
  ordersMade += 1;
  const id = `ord_hold_${ordersMade}`;
  await database.db.insert(orders).values({
    id,
    merchantOrderId: `EPHOLD${ordersMade}`,
    userId: options.userId ?? 'usr_payer',
    status,
    kind: 'bill',
    customerParams: [],
    billKey,
    amountPaise: 10_000,
    createdAt: new Date(Date.now() - (options.minutesAgo ?? 0) * MINUTE),
  });
  return id;
}

const billOf = (account: string, billNumber: string | null) => ({
  billerId: 'ELEC00000NAT01',
  accountKey: `consumer number=${account}`,
  billNumber,
});
const keyOf = (account: string, billNumber: string) =>
  numberedBillKey('ELEC00000NAT01', `consumer number=${account}`, billNumber);
const holdOf = (billKey: string, kind: 'bill' | 'recharge') =>
  database.db.transaction((tx) => lockedHoldOf(tx, billKey, kind));

describe('bill holds: is this bill paid or being paid?', () => {
  it('answers paid, paying or neither the same way for a payment and for My Bills', async () => {
    const paid = keyOf('1001', 'B-1');
    const paying = keyOf('1002', 'B-2');
    const failed = keyOf('1003', 'B-3');
    const paidId = await order(paid, 'SUCCESS');
    await order(paying, 'PAYMENT_PENDING');
    await order(failed, 'PAYMENT_FAILED');

    expect(
      await paymentsOfBills(database.db, [
        billOf('1001', 'B-1'),
        billOf('1002', 'B-2'),
        billOf('1003', 'B-3'),
        billOf('1001', null),
        billOf('1001', 'B-9'),
      ]),
    ).toEqual(['paid', 'paying', undefined, undefined, undefined]);
    expect(await holdOf(paid, 'bill')).toEqual({
      order: { id: paidId, userId: 'usr_payer', status: 'SUCCESS', merchantOrderId: expect.any(String) },
      inFlight: false,
    });
    expect((await holdOf(paying, 'bill'))?.inFlight).toBe(true);
    expect(await holdOf(failed, 'bill')).toBeUndefined();
  });

  it('holds a bill paid from another account too: the bill is the account, not who paid it', async () => {
    const key = keyOf('2001', 'B-20');
    await order(key, 'SUCCESS', { userId: 'usr_family' });
    expect(await paymentsOfBills(database.db, [billOf('2001', 'B-20')])).toEqual(['paid']);
    expect((await holdOf(key, 'bill'))?.order.userId).toBe('usr_family');
  });

  it('tells the same bill number of another account apart', async () => {
    await order(keyOf('3001', 'SAME'), 'SUCCESS');
    expect(await paymentsOfBills(database.db, [billOf('3002', 'SAME')])).toEqual([undefined]);
  });

  it('puts an order in flight before a paid one, so the customer is sent to the payment under way', async () => {
    const key = keyOf('4001', 'B-40');
    await order(key, 'SUCCESS', { minutesAgo: 5 });
    const inFlightId = await order(key, 'NEEDS_ATTENTION', { minutesAgo: 60 });
    expect(await holdOf(key, 'bill')).toMatchObject({ order: { id: inFlightId }, inFlight: true });
    expect(await paymentsOfBills(database.db, [billOf('4001', 'B-40')])).toEqual(['paying']);
  });

  it('holds a recharge only while one is in flight within 10 minutes, never once paid', async () => {
    const recent = keyOf('5001', 'R');
    const old = keyOf('5002', 'R');
    const done = keyOf('5003', 'R');
    await order(recent, 'PAYMENT_PENDING', { minutesAgo: 9 });
    await order(old, 'PAYMENT_PENDING', { minutesAgo: 11 });
    await order(done, 'SUCCESS', { minutesAgo: 1 });
    expect((await holdOf(recent, 'recharge'))?.inFlight).toBe(true);
    expect(await holdOf(old, 'recharge')).toBeUndefined();
    expect(await holdOf(done, 'recharge')).toBeUndefined();
    expect((await holdOf(old, 'bill'))?.inFlight).toBe(true);
  });
});
