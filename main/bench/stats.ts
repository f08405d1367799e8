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
