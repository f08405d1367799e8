/** Latency figures of the bench: nearest-rank percentiles and one summary shape for every section. */

/** Nearest-rank percentile of an ascending list (p in 0..100); NaN for an empty list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  /** The longest one: the goals bound the worst answer, not only the typical one. */
  max: number;
}

/** Summary of latencies in any order (NaN figures when there are none). */
export function summarize(latencies: readonly number[]): LatencySummary {
  const s = [...latencies].sort((a, b) => a - b);
  return { count: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.length ? s[s.length - 1] : NaN };
}

/**
 * The figures of several runs of one section as one row (`--runs N`): each number is the median
 * of the runs that gave a number for it (the lower middle of an even count, so a figure is always
 * one a run measured); a text figure (an error, "n/a", a description) is the first run's, and a
 * key that is a number in some runs and a text in others is the median of the numbers, or the
 * first text when no run gave a number.
 */
export function medianMetrics(runs: readonly Record<string, number | string>[]): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r)))];
  for (const k of keys) {
    const nums = runs.map((r) => r[k]).filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
    if (nums.length > 0) {
      nums.sort((a, b) => a - b);
      out[k] = nums[(nums.length - 1) >> 1];
    } else {
      const text = runs.map((r) => r[k]).find((v) => v !== undefined);
      if (text !== undefined) out[k] = text;
    }
  }
  return out;
}
