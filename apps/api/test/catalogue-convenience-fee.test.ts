import { describe, expect, it } from 'vitest';
import { convenienceFee } from '../src/modules/catalogue/master-data.ts';

const slab = (minAmount: number, maxAmount: number, flatFee: number, percentFee: string) => ({
  minAmount,
  maxAmount,
  flatFee,
  percentFee,
});

describe('convenienceFee', () => {
  it('is zero without slabs or when no slab holds the amount', () => {
    expect(convenienceFee({}, 50_000)).toBe(0);
    expect(convenienceFee({ ccfSlabs: [slab(100_000, 200_000, 500, '0')] }, 50_000)).toBe(0);
  });

  it('adds the flat fee and the percentage of the slab holding the amount', () => {
    const ccfSlabs = [slab(0, 99_999, 0, '0'), slab(100_000, 0, 1_000, '1.00')];
    expect(convenienceFee({ ccfSlabs }, 99_999)).toBe(0);
    expect(convenienceFee({ ccfSlabs }, 100_000)).toBe(1_000 + 1_000);
    expect(convenienceFee({ ccfSlabs }, 10_000_000_000)).toBe(1_000 + 100_000_000);
  });

  it('rounds the percentage half up to the paisa, in integers', () => {
    const ccfSlabs = [slab(0, 0, 0, '1.25')];
    expect(convenienceFee({ ccfSlabs }, 40)).toBe(1); // 0.5 paise rounds up
    expect(convenienceFee({ ccfSlabs }, 39)).toBe(0); // 0.4875 paise rounds down
    expect(convenienceFee({ ccfSlabs: [slab(0, 0, 0, '0.0001')] }, 123_456_789)).toBe(123);
  });

  it('treats a malformed percentage as none', () => {
    expect(convenienceFee({ ccfSlabs: [slab(0, 0, 500, 'one percent')] }, 100_000)).toBe(500);
  });
});
