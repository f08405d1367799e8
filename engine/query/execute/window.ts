/**
 * Keeps the first `k` rows of a stable sort while scanning (ORDER BY ... LIMIT): rows are
 * buffered up to 2k, then sorted and cut back to k, so memory stays O(k) and time O(n log k).
 * Stability: rows carry their arrival number and ties are broken by it.
 */
export interface Sortable {
  keys: unknown[];
  seq: number;
}

export type RowCompare = (a: Sortable, b: Sortable) => number;

export class TopK<T extends Sortable> {
  private buf: T[] = [];
  private sorted = true;
  /** The k-th row once the buffer has been cut: rows not before it can never be kept. */
  private worst: T | null = null;
  constructor(
    private readonly k: number,
    private readonly cmp: RowCompare,
    /** Called for rows dropped from the buffer (result size accounting). */
    private readonly onDrop: (row: T) => void = () => {},
  ) {}

  /** Whether a row with these keys could still be kept (lets callers skip computing its targets). */
  admits(keys: unknown[], seq: number): boolean {
    if (this.k === 0) return false;
    return this.worst === null || this.cmp({ keys, seq }, this.worst) < 0;
  }

  push(row: T): void {
    if (!this.admits(row.keys, row.seq)) {
      this.onDrop(row);
      return;
    }
    this.buf.push(row);
    this.sorted = false;
    if (this.buf.length >= 2 * this.k) this.cut();
  }

  private cut(): void {
    this.buf.sort(this.cmp);
    this.sorted = true;
    if (this.buf.length > this.k) {
      for (let i = this.k; i < this.buf.length; i++) this.onDrop(this.buf[i]);
      this.buf.length = this.k;
      this.worst = this.buf[this.k - 1];
    }
  }

  result(): T[] {
    if (!this.sorted || this.buf.length > this.k) this.cut();
    return this.buf;
  }
}
