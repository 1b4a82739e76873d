import { describe, expect, it } from 'vitest';
import { addWorkingDays, dispositionFor, nextDay } from '../src/modules/complaints/complaint-rules.ts';

describe('dispositionFor', () => {
  it.each([
    ['Refund', 'SUCCESS', 'Amount deducted, biller account not credited & transaction ID not received'],
    ['Failed transaction', 'SUCCESS', 'Transaction Successful, account not updated'],
    [
      'Failed transaction',
      'FAILURE',
      'Amount deducted, biller account not credited & transaction ID not received',
    ],
    [
      'Failed transaction',
      'PENDING',
      'Amount deducted, biller account not credited & transaction ID not received',
    ],
    [
      'Money debited but no confirmation',
      'PENDING',
      'Amount deducted, biller account credited but transaction ID not received',
    ],
    [
      'Transaction ID not received',
      'SUCCESS',
      'Amount deducted, biller account credited but transaction ID not received',
    ],
    ['Others', 'SUCCESS', 'Others, provide details in description'],
  ] as const)('maps %s (network %s) to its NPCI disposition', (queryType, status, disposition) => {
    expect(dispositionFor(queryType, status)).toBe(disposition);
  });
});

describe('addWorkingDays', () => {
  it('skips Saturdays and Sundays', () => {
    expect(addWorkingDays('2025-05-02', 1)).toBe('2025-05-05'); // Friday → Monday
    expect(addWorkingDays('2025-05-03', 1)).toBe('2025-05-05'); // Saturday → Monday
    expect(addWorkingDays('2025-05-05', 7)).toBe('2025-05-14'); // Monday → next Wednesday
  });

  it('crosses months and years', () => {
    expect(addWorkingDays('2025-12-31', 2)).toBe('2026-01-02');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
  });
});
