import { describe, expect, it } from 'vitest';
import { startBou } from './support/bou-client.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const params = (consumer: string) => [
  { name: 'Consumer No', value: consumer },
  { name: 'BU', value: '4637' },
];

async function billOf(bou: Awaited<ReturnType<typeof startBou>>, consumer: string) {
  const answer = await bou.fetchBill('MAHA00000MAH01', params(consumer));
  const bill = answer.response.billerResponse;
  if (!bill) throw new Error(`no bill: ${JSON.stringify(answer)}`);
  return bill;
}

const daysBetween = (from: string | undefined, to: string) => (Date.parse(to) - Date.parse(from ?? '')) / DAY;

describe('new bills for registered customers', () => {
  it('issues a customer it has presented a bill to a new one every SANDBOX_NEW_BILL_HOURS, due in the next days', async () => {
    const bou = await startBou(0, { newBillHours: 72 });
    try {
      const monthly = await billOf(bou, '170010077001');
      expect(daysBetween(monthly.billDate, monthly.dueDate)).toBeGreaterThanOrEqual(10);
      bou.sandbox.clock.advance(73 * HOUR);
      const first = await billOf(bou, '170010077001');
      expect(first.billNumber).not.toBe(monthly.billNumber);
      expect(first.customerName).toBe(monthly.customerName);
      expect(daysBetween(first.billDate, first.dueDate)).toBeGreaterThanOrEqual(4);
      expect(daysBetween(first.billDate, first.dueDate)).toBeLessThanOrEqual(7);
      expect(await billOf(bou, '170010077001')).toEqual(first);
      bou.sandbox.clock.advance(72 * HOUR);
      expect((await billOf(bou, '170010077001')).billNumber).not.toBe(first.billNumber);
    } finally {
      await bou.close();
    }
  });

  it('presents the monthly bill only when new bills are off (0)', async () => {
    const bou = await startBou(0, { newBillHours: 0 });
    try {
      await billOf(bou, '170010077002');
      bou.sandbox.clock.advance(73 * HOUR);
      const bill = await billOf(bou, '170010077002');
      expect(daysBetween(bill.billDate, bill.dueDate)).toBeGreaterThanOrEqual(10);
    } finally {
      await bou.close();
    }
  });
});

describe('POST /__test/clock', () => {
  it('moves the network clock when started with TEST_CLOCK, and is a 404 otherwise', async () => {
    const withClock = await startBou(0, { testClock: true });
    const without = await startBou(0, { testClock: false });
    const advance = (bou: typeof withClock, payload: object) =>
      bou.app.inject({ method: 'POST', url: '/__test/clock', payload });
    try {
      const moved = await advance(withClock, { advanceMs: DAY });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().offsetMs).toBe(DAY);
      expect((await withClock.get<{ offsetMs: number }>('/_sandbox/clock')).body.offsetMs).toBe(DAY);
      expect((await advance(withClock, {})).statusCode).toBe(400);
      expect((await advance(without, { advanceMs: DAY })).statusCode).toBe(404);
    } finally {
      await withClock.close();
      await without.close();
    }
  });
});
