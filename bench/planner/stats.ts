/** The p-th percentile (0..100) of a non-empty list, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** The arithmetic mean of a non-empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new Error('mean of an empty list');
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Rounds to `digits` decimals, for results files. */
export const round = (value: number, digits = 2): number =>
  Math.round(value * 10 ** digits) / 10 ** digits;
