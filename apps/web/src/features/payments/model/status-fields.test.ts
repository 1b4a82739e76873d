import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValue } from './status-fields.ts';

describe('status modal fields', () => {
  it.each([
    ['merchantOrderId', 'MERCHANT ORDER ID'],
    ['status', 'STATUS'],
    ['txnReferenceId', 'TXN REFERENCE ID'],
    ['approvalRefNum', 'APPROVAL REF NUM'],
    ['paymentURL', 'PAYMENT URL'],
    ['UPITransactionId', 'UPI TRANSACTION ID'],
    ['error_code', 'ERROR CODE'],
  ])('labels %s as %s', (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });

  it("shows 'N/A' for empty values and the value otherwise", () => {
    expect(fieldValue(null)).toBe('N/A');
    expect(fieldValue(undefined)).toBe('N/A');
    expect(fieldValue('')).toBe('N/A');
    expect(fieldValue('  ')).toBe('N/A');
    expect(fieldValue('UPI')).toBe('UPI');
    expect(fieldValue(0)).toBe('0');
    expect(fieldValue(false)).toBe('false');
    expect(fieldValue({ rrn: '12' })).toBe('{"rrn":"12"}');
  });
});
