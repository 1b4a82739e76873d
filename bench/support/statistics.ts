/**
 * The nearest-rank percentile of values sorted in ascending order (`fraction` 0.99 for p99): the
 * smallest value with at least that share of the values at or below it; 0 when there are none.
 */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

/** The middle value, or the mean of the two middle values of an even count; 0 when there are none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The `fraction` percentile of `values` in their order (unsorted, `undefined` for a request that got
 * no answer) as a whole and in consecutive windows of `perWindow` values, the unanswered left out.
 */
export function percentileByWindow(
  values: readonly (number | undefined)[],
  fraction: number,
  perWindow: number,
): { whole: number; windows: number[] } {
  const answered = (some: readonly (number | undefined)[]) =>
    some.filter((value) => value !== undefined).sort((a, b) => a - b);
  const size = Math.max(1, Math.round(perWindow));
  const windows: number[] = [];
  for (let start = 0; start < values.length; start += size)
    windows.push(percentile(answered(values.slice(start, start + size)), fraction));
  return { whole: percentile(answered(values), fraction), windows };
}
