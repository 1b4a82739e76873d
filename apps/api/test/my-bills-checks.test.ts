import type { BbpsFetchResponse } from '@erti/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { users } from '../src/db/schema/accounts.ts';
import { myBills } from '../src/db/schema/my-bills.ts';
import { claimDueJobs } from '../src/jobs/job-queue.ts';
import { createTestClock } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';
import { createBillChecks } from '../src/modules/my-bills/bill-checks.ts';
import { findMyBill } from '../src/modules/my-bills/my-bills.repository.ts';
import { nextCheckDelayMs, reminderTimes, stateOf } from '../src/modules/my-bills/my-bills.rules.ts';
import { openTestDatabase } from './support/test-database.ts';

const silentLogger = { warn() {}, error() {}, info() {} } as never;
const HOUR = 3_600_000;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const answer: BbpsFetchResponse = {
  respCode: '1',
  status: 'SUCCESS',
  response: {
    refId: 'REF1',
    billerResponse: {
      customerName: 'Asha Rao',
      amount: '123450',
      dueDate: '2030-01-20',
      billDate: '2030-01-05',
      billNumber: 'JAN3012345678',
      billPeriod: 'MONTHLY',
    },
  },
} as BbpsFetchResponse;

/** A network that answers only when told to, counting the fetches it was asked. */
function heldNetwork() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const network = {
    fetches: 0,
    release: () => release(),
    fetchBill: async () => {
      network.fetches += 1;
      await held;
      return answer;
    },
  };
  return network;
}

async function entryOf(billerId: string) {
  const userId = newId('usr');
  await database.db
    .insert(users)
    .values({ id: userId, name: 'Asha', email: `${userId}@example.com`, phone: '9876543210' });
  const [row] = await database.db
    .insert(myBills)
    .values({
      id: newId('mbl'),
      userId,
      billerId,
      billerName: 'Board',
      category: 'Electricity',
      nickname: 'Home',
      customerParams: [{ name: 'Consumer Number', value: '1234567890' }],
      accountKey: `consumer number=${userId}`,
      checkSeq: 1,
    })
    .returning();
  if (!row) throw new Error('no entry');
  return row;
}

function checksWith(network: ReturnType<typeof heldNetwork>, perMinute: number) {
  const config = loadConfig({}, { BILL_CHECKS_PER_BILLER_PER_MINUTE: perMinute });
  const clock = createTestClock();
  return {
    clock,
    checks: createBillChecks({ db: database.db, bbps: network, clock, config, logger: silentLogger }),
  };
}

describe('bill checks', () => {
  it('never runs two checks of one bill at once', async () => {
    const network = heldNetwork();
    const { checks } = checksWith(network, 60_000);
    const entry = await entryOf('BILLER-ONE-AT-A-TIME');
    const first = checks.checkNow(entry);
    // Past the biller's one-millisecond pace, but the first check still holds the lease.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await checks.checkNow(entry)).toBe('busy');
    network.release();
    expect(await first).toBe('checked');
    expect(network.fetches).toBe(1);
    expect((await findMyBill(database.db, entry.id))?.billNumber).toBe('JAN3012345678');
  });

  it('paces the checks of one biller: a second within the gap waits its turn', async () => {
    const network = heldNetwork();
    network.release();
    const { checks, clock } = checksWith(network, 30);
    const one = await entryOf('BILLER-PACED');
    const two = await entryOf('BILLER-PACED');
    const other = await entryOf('BILLER-ELSEWHERE');
    expect(await checks.checkNow(one)).toBe('checked');
    expect(await checks.checkNow(two)).toBe('busy');
    expect(await checks.checkNow(other)).toBe('checked');
    clock.advance(2_000);
    expect(await checks.checkNow(two)).toBe('checked');
  });

  it('a check job of a superseded number does nothing; the current one queues exactly one next check', async () => {
    const network = heldNetwork();
    network.release();
    const { checks, clock } = checksWith(network, 60_000);
    const entry = await entryOf('BILLER-CHAIN');
    const job = (seq: number) => ({ payload: { myBillId: entry.id, seq } }) as never;
    expect(await checks.runCheck(job(0))).toBeUndefined();
    expect(network.fetches).toBe(0);
    await checks.runCheck(job(1));
    // The same job again (a crash after it queued the next): the chain has moved on.
    await checks.runCheck(job(1));
    expect(network.fetches).toBe(1);
    expect((await findMyBill(database.db, entry.id))?.checkSeq).toBe(2);
    clock.advance(27 * HOUR);
    const due = await claimDueJobs(database.db, 100, clock);
    const checksDue = due.filter(
      (claimed) => claimed.kind === 'my-bills.check' && claimed.payload.myBillId === entry.id,
    );
    expect(checksDue.map((claimed) => claimed.payload.seq)).toEqual([2]);
  });
});

describe('My Bills rules', () => {
  it('jitters the next check by at most a tenth of BILL_CHECK_HOURS either way', () => {
    expect(nextCheckDelayMs(24, () => 0)).toBe(0.9 * 24 * HOUR);
    expect(nextCheckDelayMs(24, () => 0.999_999)).toBeLessThanOrEqual(1.1 * 24 * HOUR);
    expect(nextCheckDelayMs(24, () => 0.5)).toBe(24 * HOUR);
    for (let i = 0; i < 1000; i += 1) {
      const delay = nextCheckDelayMs(24);
      expect(delay).toBeGreaterThanOrEqual(0.9 * 24 * HOUR);
      expect(delay).toBeLessThanOrEqual(1.1 * 24 * HOUR);
    }
  });

  it('plans the reminders still ahead at 09:00 India time', () => {
    const found = new Date('2030-01-10T12:00:00Z');
    expect(reminderTimes('2030-01-20', found, 9)).toEqual([
      { kind: 'new', at: found },
      { kind: 'due-in-3-days', at: new Date('2030-01-17T03:30:00Z') },
      { kind: 'due-tomorrow', at: new Date('2030-01-19T03:30:00Z') },
      { kind: 'overdue', at: new Date('2030-01-21T03:30:00Z') },
    ]);
    expect(reminderTimes('2030-01-12', found, 9).map((time) => time.kind)).toEqual([
      'new',
      'due-tomorrow',
      'overdue',
    ]);
    expect(reminderTimes('20/01/2030', found, 9).map((time) => time.kind)).toEqual(['new']);
  });

  it('names the state of a bill on a day', () => {
    const bill = { presentment: 'bill' as const, billDueDate: '2030-01-20' };
    expect(stateOf(bill, undefined, '2030-01-10')).toBe('due');
    expect(stateOf(bill, undefined, '2030-01-17')).toBe('due-soon');
    expect(stateOf(bill, undefined, '2030-01-20')).toBe('due-soon');
    expect(stateOf(bill, undefined, '2030-01-21')).toBe('overdue');
    expect(stateOf(bill, 'paid', '2030-01-21')).toBe('paid');
    expect(stateOf({ presentment: 'no-bill', billDueDate: null }, undefined, '2030-01-21')).toBe('no-bill');
    expect(stateOf({ presentment: null, billDueDate: null }, undefined, '2030-01-21')).toBe('no-bill');
  });

  it('keeps the test clock out of production and its route out of a normal start', async () => {
    expect(() =>
      loadConfig({}, { NODE_ENV: 'production', TEST_CLOCK: true, JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/TEST_CLOCK/);
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const built = await buildApp({ config, database, mailer: { send: async () => {} } });
    try {
      const moved = await built.app.inject({
        method: 'POST',
        url: '/__test/clock',
        payload: { advanceMs: 1 },
      });
      expect(moved.statusCode).toBe(404);
    } finally {
      await built.app.close();
    }
  });
});
