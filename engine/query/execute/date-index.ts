/**
 * Date narrowing: the conjuncts `date <op> constant` of a condition (compile/select.ts) allow one
 * range of rows when the rows are in date order, as the snapshot's postings are (processing
 * order). The dashboard's range queries (`date >= :from AND date <= :to`) then read only the
 * rows of their range instead of every posting of the ledger, and the rows read need not be
 * tested against those conjuncts again. Whether the rows are in order is checked, not assumed:
 * rows out of order (the rewritten rows of a period clause could be) are scanned whole.
 */
import type { Posting, Transaction } from '../../ledger/snapshot';
import type { DateBound, EvalState } from '../compile/plan';
import { takeCarried } from './carried-rows';

const cache = new WeakMap<ArrayLike<unknown>, Int32Array | null>();

/**
 * The date of each row when the dates never decrease, else null; cached per array. `from` rows
 * are given in `dates` already (a reload's kept rows: carried-rows.ts).
 */
function sortedRowDates<T>(rows: ArrayLike<T>, dateOf: (row: T) => number, carried: { n: number; value: Int32Array } | null = null): Int32Array | null {
  const known = cache.get(rows);
  if (known !== undefined) return known;
  const n = rows.length;
  let dates: Int32Array | null = new Int32Array(n);
  let prev = -Infinity;
  let from = 0;
  if (carried !== null && carried.n > 0) {
    from = carried.n;
    dates.set(carried.value.subarray(0, from));
    prev = dates[from - 1];
  }
  for (let i = from; i < n; i++) {
    const d = dateOf(rows[i]);
    if (d < prev) {
      dates = null;
      break;
    }
    dates[i] = prev = d;
  }
  cache.set(rows, dates);
  return dates;
}

/** The date of each posting (its transaction's) when they never decrease, else null. */
export function sortedDates(postings: readonly Posting[]): Int32Array | null {
  if (cache.has(postings)) return cache.get(postings)!;
  return sortedRowDates(postings, (p) => p.txn.date, takeCarried(postings, 'dates'));
}

/** The rows' dates if built and in order, else null (what a reload carries: carried-rows.ts). */
export function knownSortedDates(rows: ArrayLike<unknown>): Int32Array | null {
  return cache.get(rows) ?? null;
}

/**
 * The row dates of the tables whose `date` column is a row's own date, for the date conjuncts of
 * their scans: postings, and #transactions (the dashboard counts a year's transactions among
 * 100k). Other tables are scanned whole.
 */
export function tableDates(table: string, rows: ArrayLike<unknown>): Int32Array | null {
  if (table === 'postings') return sortedDates(rows as readonly Posting[]);
  if (table === 'transactions') {
    if (cache.has(rows)) return cache.get(rows)!;
    return sortedRowDates(rows as ArrayLike<Transaction>, (t) => t.date, takeCarried(rows, 'dates'));
  }
  return null;
}

/** First position in `xs[0..n)` (ascending) whose value is >= x (strict: > x). */
export function lowerBound(xs: ArrayLike<number>, x: number, strict = false): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = xs[mid];
    if (v < x || (strict && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Rows [lo, hi) whose date satisfies every bound (their values are constants, evaluated once);
 * a NULL bound is satisfied by no row (the comparison is NULL, which does not pass).
 */
export function dateRange(dates: Int32Array, bounds: readonly DateBound[], st: EvalState): [number, number] {
  let lo = 0;
  let hi = dates.length;
  for (const b of bounds) {
    const v = b.value.eval(st) as number | null;
    if (v === null) return [0, 0];
    switch (b.op) {
      case '<':
        hi = Math.min(hi, lowerBound(dates, v));
        break;
      case '<=':
        hi = Math.min(hi, lowerBound(dates, v, true));
        break;
      case '>':
        lo = Math.max(lo, lowerBound(dates, v, true));
        break;
      case '>=':
        lo = Math.max(lo, lowerBound(dates, v));
        break;
      case '=':
        lo = Math.max(lo, lowerBound(dates, v));
        hi = Math.min(hi, lowerBound(dates, v, true));
        break;
    }
  }
  return lo < hi ? [lo, hi] : [lo, lo];
}
