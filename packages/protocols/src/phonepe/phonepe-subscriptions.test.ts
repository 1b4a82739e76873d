import { describe, expect, it } from 'vitest';
import { phonepeNextOffPeak, phonepeOffPeak } from './phonepe-subscriptions.ts';

/** An instant given in India Standard Time. */
const ist = (clock: string) => new Date(`2026-11-27T${clock}:00+05:30`);

describe('PhonePe AutoPay', () => {
  it('allows retries only in the non-peak periods, 21:31–09:59 and 13:01–16:59 IST', () => {
    for (const clock of ['00:00', '09:59', '13:01', '15:30', '16:59', '21:31', '23:59'])
      expect(phonepeOffPeak(ist(clock)), clock).toBe(true);
    for (const clock of ['10:00', '12:00', '13:00', '17:00', '21:30'])
      expect(phonepeOffPeak(ist(clock)), clock).toBe(false);
  });

  it('names the next moment a retry may run', () => {
    expect(phonepeNextOffPeak(ist('10:15'))).toEqual(ist('13:01'));
    expect(phonepeNextOffPeak(ist('17:00'))).toEqual(ist('21:31'));
    expect(phonepeNextOffPeak(ist('22:00'))).toEqual(ist('22:00'));
  });
});
