/**
 * Row geometry of the virtualized result table. Rows have different heights (an inventory cell
 * has one line per currency), known in advance from the line counts, so the table renders only
 * the rows in view without measuring the DOM: prefix sums of the heights, and a binary search
 * for the first row at a scroll position. Building is O(rows); a window look-up is O(log rows).
 */

export class RowGeometry {
  /** offsets[i] = top of row i; offsets[n] = total height. */
  private readonly offsets: Float64Array;

  constructor(
    lineCounts: ArrayLike<number>,
    readonly lineHeight: number,
    /** Vertical padding plus border of one row, px. */
    readonly rowPadding: number,
  ) {
    const n = lineCounts.length;
    const offsets = new Float64Array(n + 1);
    let y = 0;
    for (let i = 0; i < n; i++) {
      offsets[i] = y;
      y += Math.max(1, lineCounts[i]) * lineHeight + rowPadding;
    }
    offsets[n] = y;
    this.offsets = offsets;
  }

  get rowCount(): number {
    return this.offsets.length - 1;
  }
  get totalHeight(): number {
    return this.offsets[this.offsets.length - 1];
  }
  top(row: number): number {
    return this.offsets[row];
  }
  height(row: number): number {
    return this.offsets[row + 1] - this.offsets[row];
  }

  /** Index of the row covering pixel `y` (clamped to the rows; 0 when there are none). */
  rowAt(y: number): number {
    const n = this.rowCount;
    if (n === 0 || y <= 0) return 0;
    if (y >= this.totalHeight) return n - 1;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.offsets[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Rows [start, end) to render for a viewport, with `overscan` extra rows above and below. */
  window(scrollTop: number, viewportHeight: number, overscan = 10): { start: number; end: number } {
    const n = this.rowCount;
    if (n === 0) return { start: 0, end: 0 };
    const first = this.rowAt(scrollTop);
    const last = this.rowAt(scrollTop + Math.max(0, viewportHeight));
    return { start: Math.max(0, first - overscan), end: Math.min(n, last + 1 + overscan) };
  }
}
