import { describe, expect, it } from 'vitest';
import { shapedCallbacks } from './faults.ts';

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
