import { describe, expect, it } from 'vitest';
import { medianMetrics, percentile, summarize } from '../../../main/bench/stats';

describe('summarize', () => {
  it('sorts, then takes nearest-rank p50/p99 and the maximum', () => {
    // 1..200 shuffled: p50 is rank 100, p99 rank ceil(198) = 198.
    const xs = Array.from({ length: 200 }, (_, i) => ((i * 77) % 200) + 1);
    expect(summarize(xs)).toEqual({ count: 200, p50: 100, p99: 198, max: 200 });
    expect(percentile([3, 9], 50)).toBe(3);
  });

  it('one slow answer in a hundred is the p99 and the max', () => {
    const xs = [...Array.from({ length: 99 }, () => 10), 4000];
    const s = summarize(xs);
    expect(s.p50).toBe(10);
    expect(s.p99).toBe(10); // rank 99 of 100: the slow one is only the 100th
    expect(s.max).toBe(4000);
  });

  it('no latencies: count 0 and NaN figures', () => {
    const s = summarize([]);
    expect(s.count).toBe(0);
    expect(s.p99).toBeNaN();
    expect(s.max).toBeNaN();
  });
});

describe('medianMetrics', () => {
  it('takes the median of each number (the lower middle of an even count) and the first text', () => {
    const m = medianMetrics([
      { 'load ms': 300, 'peak RSS MB': 150, note: 'a', mixed: 'n/a (over 60 s)' },
      { 'load ms': 100, 'peak RSS MB': 170, note: 'b', mixed: 40 },
      { 'load ms': 200, 'peak RSS MB': 160, mixed: 20, only: 7 },
      { 'load ms': 900, 'peak RSS MB': 140 },
    ]);
    expect(m).toEqual({ 'load ms': 200, 'peak RSS MB': 150, note: 'a', mixed: 20, only: 7 });
    expect(medianMetrics([{ x: 'error: boom' }, { x: 'error: other' }])).toEqual({ x: 'error: boom' });
    expect(medianMetrics([])).toEqual({});
  });
});
