import { describe, expect, it } from 'vitest';
import { median, percentile } from './statistics.ts';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);

  it('takes the nearest rank', () => {
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
    expect(percentile([10, 20, 30], 0.99)).toBe(30);
  });

  it('stays inside the values at the edges', () => {
    expect(percentile([7, 9], 0)).toBe(7);
    expect(percentile([7, 9], 1)).toBe(9);
    expect(percentile([], 0.99)).toBe(0);
  });
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([0.6, 0.5, 0.62, 0.58])).toBeCloseTo(0.59);
    expect(median([])).toBe(0);
  });

  it('leaves its input in order', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
