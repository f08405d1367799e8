/**
 * The period clauses' sums carried from the previous snapshot to the next one (issue 15: "compute
 * what every page asks for once per snapshot, or incrementally"). A save mostly changes the last
 * days of a ledger: the rows before it, in ledger order, are the same rows again, and so are
 * their sums. The engine worker offers the old snapshot's checkpoints (checkpoints.ts) and OPEN
 * ON opening rows (apply.ts) to the new one when it loads it (offerCarry); the new snapshot
 * takes those that lie within the rows both have in common, found on first use (samePrefix).
 *
 * "The same rows" is decided on what the sums read, from the per-row columns of both
 * (execute/position-sums.ts): each row's lot (units currency and cost by value), account, number
 * as written (scaled integer and places) and cost places (how the cost is written, which a lot
 * keeps from the row that made it). Lots and accounts are numbered in order of first appearance,
 * so equal numbers on equal rows are equal lots and accounts once the lots and accounts those
 * rows introduce are compared too. Nothing here changes an answer: a sum carried over is the sum
 * the new snapshot would compute.
 */
import type { Cost, Posting } from '../../ledger/snapshot';
import { accountIdTable } from '../execute/account-index';
import { positionColumns, type PositionColumns } from '../execute/position-sums';
import type { Checkpoint } from './checkpoints';
import type { KeptSum } from '../execute/kept-sums';

/** An OPEN ON's opening rows (the S transactions) and where the kept rows began. */
export interface Opening {
  cut: number;
  head: readonly Posting[];
  /** The lot id of each head row in its snapshot's lot table. */
  lots: Int32Array;
  /** The columns of the rows the opening made (head rows first: position-sums.ts rememberDerivedColumns). */
  columns: PositionColumns;
}

export interface Carried {
  /** The previous snapshot's per-row columns, account ids and names, and rows. */
  cols: PositionColumns;
  acctIds: Int32Array;
  acctNames: readonly string[];
  rows: number;
  /** Numbers of rows that are not a safe integer at their scale, by row. */
  unsafe: ReadonlyMap<number, bigint>;
  checkpoints: readonly (Checkpoint | undefined)[];
  /** checkpointRows() when they were recorded. */
  every: number;
  /** Opening rows by openingKey. */
  openings: ReadonlyMap<string, Opening>;
  /** Sums of the first rows of some accounts (execute/kept-sums.ts). */
  sums: readonly KeptSum[];
  /** Rows the two snapshots have in common (samePrefix), once found. */
  prefix: number | null;
  /** Lots those rows introduce (ids below this are the same lots in both tables), once found. */
  prefixLots: number;
}

const offered = new WeakMap<readonly Posting[], Carried>();

/** Offers `c` (from the previous snapshot) to the next snapshot's postings `rows`. */
export function offerCarry(rows: readonly Posting[], c: Carried): void {
  offered.set(rows, c);
}

export function carriedFor(rows: readonly Posting[]): Carried | undefined {
  return offered.get(rows);
}

function sameCost(a: Cost | null, b: Cost | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return a.currency === b.currency && a.date === b.date && a.label === b.label && a.number.cmp(b.number) === 0;
}

/** First row of `ids` (the first `n`) equal to `id`. */
function firstRowOf(ids: Int32Array, n: number, id: number): number {
  for (let i = 0; i < n; i++) if (ids[i] === id) return i;
  return n;
}

/** The number of leading rows of `rows` that are the same rows as the previous snapshot's. */
export function samePrefix(rows: readonly Posting[], c: Carried): number {
  if (c.prefix !== null) return c.prefix;
  const cols = positionColumns(rows);
  const { ids, names } = accountIdTable(rows);
  const old = c.cols;
  const n = Math.min(c.rows, rows.length);
  let k = 0;
  for (; k < n; k++) {
    if (cols.lot[k] !== old.lot[k] || ids[k] !== c.acctIds[k] || cols.dp[k] !== old.dp[k] || cols.costDp[k] !== old.costDp[k] || cols.safe[k] !== old.safe[k]) break;
    if (cols.safe[k] === 1 ? cols.scaled[k] !== old.scaled[k] : rows[k].units.number.scaled !== c.unsafe.get(k)) break;
  }
  // The lots and accounts the common rows introduce: ids 0 .. max, in order of first appearance.
  let lots = 0;
  let accounts = 0;
  for (let i = 0; i < k; i++) {
    if (cols.lot[i] >= lots) lots = cols.lot[i] + 1;
    if (ids[i] >= accounts) accounts = ids[i] + 1;
  }
  for (let id = 0; id < lots; id++) {
    if (cols.lots.currency[id] !== old.lots.currency[id] || !sameCost(cols.lots.cost[id], old.lots.cost[id])) {
      k = Math.min(k, firstRowOf(cols.lot, k, id));
      lots = id;
      break;
    }
  }
  for (let id = 0; id < accounts; id++) {
    if (names[id] !== c.acctNames[id]) {
      k = Math.min(k, firstRowOf(ids, k, id));
      break;
    }
  }
  c.prefix = k;
  // An account that differs ends the rows earlier, not the lots before it: they stay the same.
  c.prefixLots = lots;
  return k;
}
