/**
 * sum(position) over the snapshot's postings from flat columns: BALANCES, the balance sheet and
 * the dashboard sum positions over hundreds of thousands of rows, and reading each posting's
 * units through three objects (posting, amount, Dec, then its bigint) cost more than the sum.
 * Once per postings array (cached by it, like account-index.ts), each row's lot becomes an
 * index into a table of lot keys and its number a scaled safe integer with its places, in typed
 * arrays read in order. Rows whose number is not a safe integer at its scale are marked and read
 * from the posting.
 *
 * The sum follows Inventory.add exactly (inventory.ts): a lot is keyed by units currency and
 * cost value; it keeps the cost object and the places of the first row that created it; places
 * grow to the largest seen; a lot summing to zero is removed (the next row starts it afresh,
 * with its own places and cost), and a zero row does not create one. The Inventory is built when
 * the group finishes, its lots created in the order the sum (last) created them.
 */
import { Dec } from '../../decimal';
import type { Cost, Posting } from '../../ledger/snapshot';
import { Inventory, lotKey } from '../inventory';

export interface PositionColumns {
  /** Lot of each row: index into `currency`. */
  lot: Int32Array;
  /** Scaled number of each row when `safe[i]` is 1. */
  scaled: Float64Array;
  dp: Int32Array;
  safe: Uint8Array;
  /** Units currency of each lot. */
  currency: string[];
  /** Inventory lot key of each lot (lotKey(currency, cost)). */
  key: string[];
  /** Scaled number of each row (the Dec's own bigint): for the running balance, an Inventory. */
  big: bigint[];
}

const cache = new WeakMap<readonly Posting[], PositionColumns>();
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function positionColumns(postings: readonly Posting[]): PositionColumns {
  let cols = cache.get(postings);
  if (cols) return cols;
  const n = postings.length;
  const lot = new Int32Array(n);
  const scaled = new Float64Array(n);
  const dp = new Int32Array(n);
  const safe = new Uint8Array(n);
  const ids = new Map<string, number>();
  const currency: string[] = [];
  const keys: string[] = [];
  const big: bigint[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = postings[i];
    const u = p.units;
    const key = lotKey(u.currency, p.cost);
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = currency.length));
      currency.push(u.currency);
      keys.push(key);
    }
    lot[i] = id;
    const s = u.number.scaled;
    big[i] = s;
    dp[i] = u.number.dp;
    if (s <= MAX_SAFE && s >= -MAX_SAFE) {
      scaled[i] = Number(s);
      safe[i] = 1;
    }
  }
  cols = { lot, scaled, dp, safe, currency, key: keys, big };
  cache.set(postings, cols);
  return cols;
}

/** One lot of a running sum: scaled number (`n` while a safe integer, else `big`), places, cost. */
interface LotSum {
  n: number;
  big: bigint | null;
  dp: number;
  cost: Cost | null;
}

/** The state of one sum(position): lots by lot index, in creation order. */
export type PositionSum = Map<number, LotSum>;

const POW10N: number[] = Array.from({ length: 16 }, (_, i) => 10 ** i);
const pow10b = (k: number): bigint => 10n ** BigInt(k);

/** Adds row `at` of `postings` (whose columns are `cols`) to the sum. */
export function addRow(sum: PositionSum, cols: PositionColumns, postings: readonly Posting[], at: number): void {
  const id = cols.lot[at];
  const dx = cols.dp[at];
  const fast = cols.safe[at] === 1;
  const x = fast ? cols.scaled[at] : 0;
  const l = sum.get(id);
  if (l === undefined) {
    if (fast) {
      if (x !== 0) sum.set(id, { n: x, big: null, dp: dx, cost: postings[at].cost });
    } else {
      const p = postings[at];
      sum.set(id, { n: 0, big: p.units.number.scaled, dp: dx, cost: p.cost });
    }
    return;
  }
  const k = l.dp - dx;
  if (fast && l.big === null && k > -POW10N.length && k < POW10N.length) {
    let a = l.n;
    let b = x;
    if (k > 0) b *= POW10N[k];
    else if (k < 0) a *= POW10N[-k];
    // Exact: integer operands and result all safe (a true value beyond the range rounds beyond it).
    if (Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
      const s = a + b;
      if (Number.isSafeInteger(s)) {
        if (s === 0) sum.delete(id);
        else {
          l.n = s;
          if (k < 0) l.dp = dx;
        }
        return;
      }
    }
  }
  const xb = fast ? BigInt(x) : postings[at].units.number.scaled;
  const cur = l.big ?? BigInt(l.n);
  const s = k === 0 ? cur + xb : k > 0 ? cur + xb * pow10b(k) : cur * pow10b(-k) + xb;
  if (s === 0n) {
    sum.delete(id);
    return;
  }
  if (k < 0) l.dp = dx;
  if (s <= MAX_SAFE && s >= -MAX_SAFE) {
    l.n = Number(s);
    l.big = null;
  } else l.big = s;
}

/** The Inventory of a sum. */
export function finishSum(sum: PositionSum, cols: PositionColumns): Inventory {
  const inv = new Inventory();
  for (const [id, l] of sum) inv.addLot(Dec.fromScaled(l.big ?? BigInt(l.n), l.dp), cols.currency[id], l.cost);
  return inv;
}
