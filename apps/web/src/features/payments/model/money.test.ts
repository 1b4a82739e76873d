import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees } from '../../../lib/format.ts';
import { rupeesToPaise } from './money.ts';

describe('money', () => {
  it.each([
    ['1', 100],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    [' 100000 ', 10_000_000],
    ['19.99', 1999],
  ])('reads %s rupees as %i paise', (text, paise) => {
    expect(rupeesToPaise(text)).toBe(paise);
  });

  it.each(['', '-5', '1.234', 'abc', '1e3', '12.', '.5'])('refuses %j', (text) => {
    expect(rupeesToPaise(text)).toBeUndefined();
  });

  it('formats with Indian digit grouping', () => {
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatRupees('499')).toBe('₹499.00');
    expect(formatRupees(1500.5)).toBe('₹1,500.50');
  });
});
