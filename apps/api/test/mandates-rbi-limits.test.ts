import { describe, expect, it } from 'vitest';
import { eMandateLimitPaise } from '../src/integrations/mandate-gateway.ts';

// RBI's e-mandate framework (bbps-domain.md §3.10): debits without an additional authentication.
describe('e-mandate limits without an additional authentication', () => {
  it('is ₹15,000 a debit for a utility bill', () => {
    expect(eMandateLimitPaise('Electricity')).toBe(1_500_000);
    expect(eMandateLimitPaise('Broadband Postpaid')).toBe(1_500_000);
  });

  it('is ₹1 lakh for credit-card bills, insurance premiums and mutual funds', () => {
    expect(eMandateLimitPaise('Credit Card')).toBe(10_000_000);
    expect(eMandateLimitPaise('Life Insurance')).toBe(10_000_000);
    expect(eMandateLimitPaise('Mutual Fund')).toBe(10_000_000);
  });
});
