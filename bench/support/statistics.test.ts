import { describe, expect, it } from 'vitest';
import { median, percentile, percentileByWindow } from './statistics.ts';

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

describe('percentileByWindow', () => {
  it('takes the percentile of the whole and of each window, in order', () => {
    const values = [5, 1, 3, 40, 20, 30, 7];
    expect(percentileByWindow(values, 0.99, 3)).toEqual({ whole: 40, windows: [5, 40, 7] });
    expect(percentileByWindow(values, 0.5, 7)).toEqual({ whole: 7, windows: [7] });
  });

  it('leaves out the requests that got no answer', () => {
    expect(percentileByWindow([undefined, 4, undefined, undefined], 0.99, 2)).toEqual({
      whole: 4,
      windows: [4, 0],
    });
  });
});
