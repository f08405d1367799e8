/**
 * Sums of positions over the first rows of a postings array, kept to start later sums from: the
 * dashboard's net worth (every Assets and Liabilities row up to a date: about 150,000 rows of the
 * xlarge bench ledger) after a save is the old snapshot's sum plus the rows the save added.
 *
 * A kept sum is the inventory of every row in [0, at) of some accounts (their names, or '*' for
 * all). A sum over [0, hi) of the same accounts with at <= hi is a copy of it with the rows from
 * `at` on added by lot id (Inventory.add, as the per-row sums follow it exactly): its lots,
 * places and order are those of the sum from the first row, and its totals per currency pair
 * (lot-groups.ts), built once, are kept up to date rather than built again for each answer.
 * Kept per rows array (the snapshot's own postings), and offered to the next snapshot with the
 * period sums (periods/carry.ts), which takes those within the rows both have in common.
 */
import type { Posting } from '../../ledger/snapshot';
import type { Inventory, LotIdTable } from '../inventory';
import { carriedFor, samePrefix } from '../periods/carry';

export interface KeptSum {
  /** The accounts summed: names one per line, '*' for every account. */
  readonly accounts: string;
  /** Rows [0, at) were summed. */
  readonly at: number;
  /** Their sum: never changed (a sum starting from it adds to a copy). */
  readonly inventory: Inventory;
}

const kept = new WeakMap<readonly Posting[], KeptSum[]>();

/** Sums started from a kept one, this array's own or carried (tests). */
export const keptSumStats = { own: 0, carried: 0 };
/** Kept per rows array: the summary's net worth and liabilities, and a few more. */
const KEPT = 4;

/**
 * The sum to start from for rows [0, hi) of `accounts`, a copy to add to: the latest kept one at
 * or before `hi`, this array's own or the previous snapshot's (within the rows in common, whose
 * lots have the same ids in `table`, this array's lot table); null if none.
 */
export function startingSum(
  rows: readonly Posting[],
  table: LotIdTable,
  hi: number,
  accounts: string,
): { inventory: Inventory; at: number; carried: boolean } | null {
  let best: KeptSum | null = null;
  let carried = false;
  for (const k of kept.get(rows) ?? []) if (k.accounts === accounts && k.at <= hi && (best === null || k.at > best.at)) best = k;
  const c = carriedFor(rows);
  if (c !== undefined && c.sums.length > 0) {
    for (const k of c.sums) {
      if (k.accounts !== accounts || k.at > hi || (best !== null && k.at <= best.at)) continue;
      if (k.at <= samePrefix(rows, c)) {
        best = k;
        carried = true;
      }
    }
  }
  if (best === null) return null;
  if (carried) keptSumStats.carried++;
  else keptSumStats.own++;
  return { inventory: best.inventory.copyWithIds(carried ? table : null), at: best.at, carried };
}

/** Keeps a copy of `inventory`, the sum of rows [0, at) of `accounts`. */
export function keepSum(rows: readonly Posting[], accounts: string, at: number, inventory: Inventory): void {
  let list = kept.get(rows);
  if (list === undefined) kept.set(rows, (list = []));
  const i = list.findIndex((k) => k.accounts === accounts && k.at === at);
  if (i >= 0) list.splice(i, 1);
  list.push({ accounts, at, inventory: inventory.copyWithIds() });
  if (list.length > KEPT) list.shift();
}

/** The sums kept for rows (the next snapshot may start from them: periods/carry.ts). */
export function sumsToCarry(rows: readonly Posting[]): readonly KeptSum[] {
  return kept.get(rows) ?? [];
}
