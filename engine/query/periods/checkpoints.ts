/**
 * Where the period clauses' sums stood every CHECKPOINT_ROWS rows of a rows array, so a sum up
 * to any row starts from the checkpoint before it instead of the first row (spec 1, statistic
 * rule 4: a graph's cost grows with its range, not with the history before it). OPEN ON, CLOSE
 * ON and CLEAR each sum every row before their cut (apply.ts `balances`); a dashboard's graph or
 * a statement's columns ask for a new cut of the same rows, and the first graph after each save
 * summed the whole history again (300k rows of the xlarge bench ledger, about 30 ms).
 *
 * A checkpoint holds frozen copies of the sums' state (the lots' records, their order, the
 * creation numbers of the total's lots), so summing on from it gives exactly what summing from
 * the first row gives: the same lots, places, costs and order. Two parts, each recorded by the
 * sums that compute it: the total of every row (a DenseSum) and the per-account sums of every
 * account (only a sum over all accounts can record those).
 *
 * Cached per rows array (immutable: the snapshot's postings, or the rows a FILTER keeps), as the
 * flat columns they are summed from. The engine worker's idle warm-up records the snapshot's own
 * (warm.ts), as it builds the columns.
 */
import type { Posting } from '../../ledger/snapshot';
import { copyPositionSum, type DenseSum, type FrozenDenseSum, type PositionSum } from '../execute/position-sums';
import { carriedFor, samePrefix } from './carry';

/**
 * Rows between checkpoints: at most this many rows are summed after one (a few ms), and the
 * checkpoints of a 320k-row ledger hold four copies of its live lots (each about 1.5 MB on the
 * xlarge bench ledger: 1,965 accounts, 10,900 lots in the total; every 32,768 rows they held
 * 13.6 MB in all, 34 MB on the 1M-posting ledger).
 */
export const CHECKPOINT_ROWS = 65_536;

let every = CHECKPOINT_ROWS;

/** Rows between checkpoints: CHECKPOINT_ROWS, or what a test set for rows arrays made after it. */
export function checkpointRows(): number {
  return every;
}

/** Tests: checkpoints every `n` rows (small ledgers then have some); returns the previous value. */
export function setCheckpointRowsForTests(n: number): number {
  const before = every;
  every = n;
  return before;
}

export interface Checkpoint {
  /** Sums of the rows [0, at). */
  readonly at: number;
  /** The total of every row, once a sum with the total passed here. */
  total: FrozenDenseSum | null;
  /** Each account id's sum (undefined: no row of the account yet), once a sum of every account passed here. */
  accounts: readonly (PositionSum | undefined)[] | null;
}

const cache = new WeakMap<readonly Posting[], Checkpoint[]>();

/**
 * The checkpoints of rows that have none yet, taken from the previous snapshot's (carry.ts): those
 * within the rows both snapshots have in common. Undefined when none were offered.
 */
function adopt(rows: readonly Posting[]): Checkpoint[] | undefined {
  const c = carriedFor(rows);
  if (c === undefined || c.every !== every || c.checkpoints.length === 0) return undefined;
  const same = samePrefix(rows, c);
  const list: Checkpoint[] = [];
  c.checkpoints.forEach((cp, k) => {
    // A copy of the record: parts recorded later belong to this rows array alone.
    if (cp !== undefined && cp.at <= same) list[k] = { at: cp.at, total: cp.total, accounts: cp.accounts };
  });
  cache.set(rows, list);
  return list;
}

/** checkpoints[k] is at (k + 1) x checkpointRows(); missing ones are holes. */
function checkpointsOf(rows: readonly Posting[]): Checkpoint[] {
  let list = cache.get(rows) ?? adopt(rows);
  if (list === undefined) cache.set(rows, (list = []));
  return list;
}

/** The checkpoints recorded for rows (the next snapshot may take them: carry.ts). */
export function checkpointsToCarry(rows: readonly Posting[]): readonly (Checkpoint | undefined)[] {
  return cache.get(rows) ?? [];
}

/**
 * The latest checkpoint at or before row `to` holding what a sum needs (the total when
 * `withTotal`, the accounts' sums when `withAccounts`), or null.
 */
export function checkpointBefore(rows: readonly Posting[], to: number, withTotal: boolean, withAccounts: boolean): Checkpoint | null {
  const list = cache.get(rows) ?? adopt(rows);
  if (list === undefined) return null;
  for (let k = Math.min(list.length, Math.floor(to / every)) - 1; k >= 0; k--) {
    const c = list[k];
    if (c === undefined) continue;
    if ((!withTotal || c.total !== null) && (!withAccounts || c.accounts !== null)) return c;
  }
  return null;
}

/**
 * Records the state of sums over rows [0, at) (`at` a multiple of checkpointRows()): the total
 * when given, the accounts' sums when `accounts` holds every account's (null otherwise). Parts
 * already recorded are kept; what is recorded is a copy.
 */
export function record(rows: readonly Posting[], at: number, total: DenseSum | null, accounts: readonly (PositionSum | null | undefined)[] | null): void {
  const list = checkpointsOf(rows);
  const k = at / every - 1;
  let c = list[k];
  if (c === undefined) list[k] = c = { at, total: null, accounts: null };
  if (total !== null && c.total === null) c.total = total.freeze();
  if (accounts !== null && c.accounts === null) {
    const copy: (PositionSum | undefined)[] = new Array(accounts.length);
    for (let id = 0; id < accounts.length; id++) {
      const s = accounts[id];
      if (s) copy[id] = copyPositionSum(s);
    }
    c.accounts = copy;
  }
}
