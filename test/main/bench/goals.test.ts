import { describe, expect, it } from 'vitest';
import { judge, LIGHT_MS, NONE_FAILED } from '../../../main/bench/goals';

describe('judge', () => {
  it('bounds on our figure', () => {
    expect(judge(LIGHT_MS, 250)).toBe('met');
    expect(judge(LIGHT_MS, 250.4)).toBe('missed');
    expect(judge(NONE_FAILED, 0)).toBe('met');
    expect(judge(NONE_FAILED, 1)).toBe('missed');
    expect(judge({ text: '>= 50', atLeast: 50 }, 49.9)).toBe('missed');
  });

  it('a speed-up over the peer is peer / ours', () => {
    const g = { text: '>= 3x', ratioAtLeast: 3 };
    expect(judge(g, 100, 300)).toBe('met');
    expect(judge(g, 100, 299)).toBe('missed');
    // No peer figure ("n/a"): nothing to judge, unless another bound already failed.
    expect(judge(g, 100, 'n/a (over 60 s)')).toBe('no figure');
    expect(judge({ ...g, atMost: 600 }, 700, 'n/a')).toBe('missed');
  });

  it('both bounds must hold (xlarge load: >= 3x and <= 600 ms)', () => {
    const g = { text: '>= 3x, <= 600 ms', ratioAtLeast: 3, atMost: 600 };
    expect(judge(g, 500, 5650)).toBe('met');
    expect(judge(g, 1930, 5650)).toBe('missed'); // the "now": 2.9x and 1.93 s
    expect(judge(g, 700, 5650)).toBe('missed'); // fast enough a ratio, too slow absolutely
  });

  it('a figure that is text (an error, n/a) or NaN has no verdict', () => {
    expect(judge(LIGHT_MS, 'error: the server exited')).toBe('no figure');
    expect(judge(LIGHT_MS, undefined)).toBe('no figure');
    expect(judge(LIGHT_MS, NaN)).toBe('no figure');
  });
});
