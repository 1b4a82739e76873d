import { describe, expect, it, vi } from 'vitest';
import { Faults, shapedCallbacks } from './faults.ts';

describe('shapedCallbacks', () => {
  const none = { duplicate: false, outOfOrder: false, lost: false };

  it('sends the newest callbacks as they are without faults', () => {
    expect(shapedCallbacks(['paid'], ['notified'], none)).toEqual(['paid']);
  });

  it('sends none when lost, twice when duplicated, and an older one after when out of order', () => {
    expect(shapedCallbacks(['paid'], ['notified'], { ...none, lost: true, duplicate: true })).toEqual([]);
    expect(shapedCallbacks(['paid'], ['notified'], { ...none, duplicate: true })).toEqual(['paid', 'paid']);
    expect(shapedCallbacks(['paid'], ['notified'], { ...none, outOfOrder: true })).toEqual([
      'paid',
      'notified',
    ]);
  });
});

describe('a fault rule of a while (forMs)', () => {
  it('affects every matching request while it is live, then none', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-02T12:00:00Z') });
    try {
      const faults = new Faults();
      faults.add({ path: '/bou/', kind: 'timeout', delayMs: 4000, forMs: 20_000 });
      const take = () => faults.take('POST', '/bou/npciservice/pay', ['timeout']);
      expect([take(), take(), take()].every(Boolean)).toBe(true);
      vi.advanceTimersByTime(19_999);
      expect(take()).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(take()).toBeUndefined();
      expect(faults.take('POST', '/phonepe/pay', ['timeout'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
