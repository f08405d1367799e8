/**
 * Per-row columns a reload carries over (issue 15, the first pages after a save). A reload after a
 * save books the rows before the save as the same objects (ledger/booking/resume.ts reuses the
 * entries before its checkpoint, and their posting rows), so the previous snapshot's account ids,
 * position columns and row dates hold for those rows: the next snapshot's columns copy them and
 * read only the rows after (account-index.ts, position-sums.ts, date-index.ts). The engine worker
 * offers them when it swaps snapshots (warm.ts carryQueryCaches); the rows both hold are found by
 * identity then. Each column takes its part once, so no snapshot keeps an older one's columns.
 * The #transactions rows' dates are carried the same way (the dashboard counts a year's
 * transactions among 100k).
 *
 * Built whole, the three took 60-110 ms of the first dashboard after a save on the bench's xlarge
 * ledger (320k rows), before the worker's idle warm-up builds them.
 */
import type { PositionColumns } from './position-sums';

/** Account ids of a postings array (account-index.ts), numbered in order of first row. */
export interface CarriedAccountIds {
  ids: Int32Array;
  names: readonly string[];
  first: readonly number[];
}

export interface RowCarry {
  /** Leading rows of the next postings that are the previous snapshot's rows (the same objects). */
  n: number;
  accountIds: CarriedAccountIds | null;
  columns: PositionColumns | null;
  /** The previous rows' dates (date-index.ts), null when they were not built or not in order. */
  dates: Int32Array | null;
}

/**
 * The #transactions rows of the previous snapshot and their dates, offered to the next snapshot
 * (tables/transactions.ts makes its rows, then offers the dates to them): taken once.
 */
export interface TransactionsCarry {
  rows: ArrayLike<unknown>;
  dates: Int32Array;
}

const snapshotCarries = new WeakMap<object, TransactionsCarry>();

export function offerTransactionRows(next: object, carry: TransactionsCarry): void {
  snapshotCarries.set(next, carry);
}

export function takeTransactionRows(next: object): TransactionsCarry | null {
  const c = snapshotCarries.get(next);
  if (c === undefined) return null;
  snapshotCarries.delete(next);
  return c;
}

const carries = new WeakMap<ArrayLike<unknown>, RowCarry>();

/** Parts taken so far (tests and benchmarks: whether the columns came from a carry). */
export const carryCounts = { taken: 0 };

/** The number of leading rows `next` shares with `previous` (the same objects). */
export function sharedRowCount(previous: ArrayLike<unknown>, next: ArrayLike<unknown>): number {
  const m = Math.min(previous.length, next.length);
  let k = 0;
  while (k < m && previous[k] === next[k]) k++;
  return k;
}

/** Offers what was built for `previous` to `next`; returns the rows they share (0: nothing offered). */
export function offerRows(previous: ArrayLike<unknown>, next: ArrayLike<unknown>, built: Omit<RowCarry, 'n'>): number {
  if (previous === next) return 0;
  const n = sharedRowCount(previous, next);
  if (n > 0 && (built.accountIds !== null || built.columns !== null || built.dates !== null)) carries.set(next, { n, ...built });
  return n;
}

/** Takes one part of the carry offered to `rows` (null when none): each part is taken once. */
export function takeCarried<K extends 'accountIds' | 'columns' | 'dates'>(rows: ArrayLike<unknown>, part: K): { n: number; value: NonNullable<RowCarry[K]> } | null {
  const c = carries.get(rows);
  if (c === undefined) return null;
  const value = c[part];
  if (value === null) return null;
  c[part] = null as RowCarry[K];
  carryCounts.taken++;
  if (c.accountIds === null && c.columns === null && c.dates === null) carries.delete(rows);
  return { n: c.n, value: value as NonNullable<RowCarry[K]> };
}
