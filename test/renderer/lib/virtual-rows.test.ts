import { describe, expect, it } from 'vitest';
import { RowGeometry } from '../../../renderer/lib/virtual-rows';

describe('RowGeometry', () => {
  // Rows of 1, 3, 1, 2 lines at 20px per line plus 8px padding: heights 28, 68, 28, 48.
  const g = new RowGeometry([1, 3, 1, 2], 20, 8);
  it('places rows by their line counts', () => {
    expect([0, 1, 2, 3].map((i) => g.top(i))).toEqual([0, 28, 96, 124]);
    expect(g.height(1)).toBe(68);
    expect(g.totalHeight).toBe(172);
  });
  it('finds the row at a pixel', () => {
    expect(g.rowAt(0)).toBe(0);
    expect(g.rowAt(27.9)).toBe(0);
    expect(g.rowAt(28)).toBe(1);
    expect(g.rowAt(95)).toBe(1);
    expect(g.rowAt(96)).toBe(2);
    expect(g.rowAt(171)).toBe(3);
    expect(g.rowAt(5000)).toBe(3);
    expect(g.rowAt(-10)).toBe(0);
  });
  it('gives the rows of a viewport with overscan, clamped', () => {
    expect(g.window(30, 70, 0)).toEqual({ start: 1, end: 3 });
    expect(g.window(30, 70, 1)).toEqual({ start: 0, end: 4 });
    expect(new RowGeometry([], 20, 8).window(0, 100)).toEqual({ start: 0, end: 0 });
  });
  it('treats a zero line count as one line', () => {
    expect(new RowGeometry([0], 20, 8).totalHeight).toBe(28);
  });
  it('handles a million rows quickly', () => {
    const counts = new Uint8Array(1_000_000).fill(1);
    const t0 = performance.now();
    const big = new RowGeometry(counts, 20, 8);
    expect(big.rowAt(28 * 500_000 + 1)).toBe(500_000);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});
