/**
 * sum(position) over the snapshot's postings from flat columns: BALANCES, the balance sheet and
 * the dashboard sum positions over hundreds of thousands of rows, and reading each posting's
 * units through three objects (posting, amount, Dec, then its bigint) cost more than the sum.
 * Once per postings array (cached by it, like account-index.ts), each row's lot becomes a lot
 * id (lot-ids.ts: no key text per row) and its number a scaled safe integer with its places, in
 * typed arrays read in order. Rows whose number is not a safe integer at its scale are marked and read
 * from the posting.
 *
 * The sum follows Inventory.add exactly (inventory.ts): a lot is keyed by units currency and
 * cost value; it keeps the cost object and the places of the first row that created it; places
 * grow to the largest seen; a lot summing to zero is removed (the next row starts it afresh,
 * with its own places and cost), and a zero row does not create one. The Inventory is built when
 * the group finishes, its lots created in the order the sum (last) created them.
 */
import { pow10 } from '../../decimal';
import type { Cost, Posting } from '../../ledger/snapshot';
import { Inventory, type DistinctLot } from '../inventory';
import { LotIds } from './lot-ids';
import { accountIdTable, hasAccountIds, rememberAccountIds } from './account-index';
import { takeCarried } from './carried-rows';
import { numbersOf } from '../../ledger/booking/posting-numbers';

export interface PositionColumns {
  /** Lot of each row: index into `currency`. */
  lot: Int32Array;
  /** Scaled number of each row when `safe[i]` is 1. */
  scaled: Float64Array;
  dp: Int32Array;
  safe: Uint8Array;
  /**
   * Decimal places of each row's cost number, -1 without cost: with the lot (its value) they fix
   * how the cost is written (`50` or `50.00`), which a lot keeps from the row that made it
   * (carry.ts compares them to reuse an earlier snapshot's sums).
   */
  costDp: Int32Array;
  /** Units currency of each lot. */
  currency: string[];
  /** The lots: their Inventory lot keys (lotKey(currency, cost)) through `lots.keyOf(id)`. */
  lots: LotIds;
  /**
   * For the rows of a period clause: its synthetic first rows (the same array for the same
   * opening, also in a later snapshot that took it over: periods/carry.ts), which a running
   * balance may start after (scan.ts).
   */
  head?: readonly Posting[];
}

const cache = new WeakMap<readonly Posting[], PositionColumns>();

export function positionColumns(postings: readonly Posting[]): PositionColumns {
  let cols = cache.get(postings);
  if (cols) return cols;
  const n = postings.length;
  const lot = new Int32Array(n);
  // The snapshot's own list comes with its numbers, written by the booking walk
  // (ledger/booking/posting-numbers.ts): then only the rows' costs and accounts are read here.
  const nums = numbersOf(postings);
  const scaled = nums ? nums.scaled : new Float64Array(n);
  const dp = nums ? nums.dp : new Int32Array(n);
  const safe = nums ? nums.safe : new Uint8Array(n);
  const costDp = new Int32Array(n).fill(-1);
  // The rows a reload kept (carried-rows.ts): their columns as the previous snapshot built them,
  // with the lots they introduce (the first ones), and the account ids carried the same way.
  let from = 0;
  const carried = takeCarried(postings, 'columns');
  let ids: LotIds;
  if (carried === null) {
    // The lot table sized for the rows at cost when the walk logged which they are (one pass
    // over a byte column).
    let costRows = 0;
    if (nums) for (let i = 0; i < n; i++) costRows += nums.costed[i];
    ids = new LotIds(undefined, costRows);
  } else {
    const c = carried.value;
    let lots = 0;
    for (let i = 0; i < carried.n; i++) if (c.lot[i] >= lots) lots = c.lot[i] + 1;
    ids = c.lots.prefix(lots);
    from = carried.n;
    lot.set(c.lot.subarray(0, from));
    costDp.set(c.costDp.subarray(0, from));
    if (!nums) {
      scaled.set(c.scaled.subarray(0, from));
      dp.set(c.dp.subarray(0, from));
      safe.set(c.safe.subarray(0, from));
    }
    accountIdTable(postings);
  }
  // The first query after a load pays for this loop. Over the snapshot's own list it reads the
  // walk's log (account, currency, whether at cost) and touches only the rows at cost: reading
  // every row's account and cost from the heap was 20-40 ms of a first BALANCES on xlarge.
  // Rows at cost get their lot in the same pass
  // (a second loop over them read their posting, units and cost again: about 15 ms of main-thread
  // CPU more on a 320k-posting ledger, against the recompilations a branch first seen late costs).
  // Rows mostly repeat the previous plain row's currency: one comparison, no map look-up.
  let lastCurrency: string | null = null;
  let lastId = -1;
  // The account ids (account-index.ts) in the same pass when no query built them yet: a second
  // pass over 320k postings to read their accounts cost about 20 ms of a first BALANCES.
  const acct = hasAccountIds(postings) ? null : new Int32Array(n);
  const accountId = new Map<string, number>();
  const names: string[] = [];
  const first: number[] = [];
  let lastAccount: string | null = null;
  let lastAccountId = -1;
  /** Row i's lot (and cost places), its units in currency `c`. */
  const placeLot = (i: number, c: string, cost: Cost | null): void => {
    if (cost !== null) {
      lot[i] = ids.costId(c, cost);
      costDp[i] = cost.number.dp;
    } else {
      if (c !== lastCurrency) {
        lastId = ids.plainId(c);
        lastCurrency = c;
      }
      lot[i] = lastId;
    }
  };
  if (nums) {
    // The walk logged each row's account and whether it is at cost: only rows at cost are read.
    const logged = nums.account;
    const remap = new Int32Array(nums.accounts.length).fill(-1);
    // A plain row's lot by the walk's currency id: typed arrays only, no name read per row (the
    // loop runs once per snapshot, mostly before it is optimized). Lots get their ids in the same
    // order as through placeLot (the first row of each lot asks for it).
    const plainLot = new Int32Array(nums.currencies.length).fill(-1);
    const currencyOf = nums.currency;
    const costed = nums.costed;
    for (let i = from; i < n; i++) {
      if (acct !== null) {
        const k = logged[i];
        let id = remap[k];
        if (id < 0) {
          remap[k] = id = names.length;
          accountId.set(nums.accounts[k], id);
          names.push(nums.accounts[k]);
          first.push(i);
        }
        acct[i] = id;
      }
      const c = currencyOf[i];
      if (costed[i] === 1) placeLot(i, nums.currencies[c], postings[i].cost);
      else {
        let id = plainLot[c];
        if (id < 0) plainLot[c] = id = ids.plainId(nums.currencies[c]);
        lot[i] = id;
      }
    }
  } else {
    for (let i = from; i < n; i++) {
      const p = postings[i];
      if (acct !== null) {
        const a = p.account;
        if (a !== lastAccount) {
          let id = accountId.get(a);
          if (id === undefined) {
            accountId.set(a, (id = names.length));
            names.push(a);
            first.push(i);
          }
          lastAccount = a;
          lastAccountId = id;
        }
        acct[i] = lastAccountId;
      }
      const u = p.units;
      const d = u.number;
      dp[i] = d.dp;
      // A Dec holds its scaled value as a number exactly when it is a safe integer.
      const x = d.raw;
      if (typeof x === 'number') {
        scaled[i] = x;
        safe[i] = 1;
      }
      placeLot(i, u.currency, p.cost);
    }
  }
  if (acct !== null) rememberAccountIds(postings, acct, names, first, accountId);
  cols = { lot, scaled, dp, safe, costDp, currency: ids.currency, lots: ids };
  cache.set(postings, cols);
  return cols;
}

/** The per-row part of PositionColumns. */
type RowColumns = Pick<PositionColumns, 'lot' | 'scaled' | 'dp' | 'safe' | 'costDp'>;

function newRowColumns(n: number): RowColumns {
  return { lot: new Int32Array(n), scaled: new Float64Array(n), dp: new Int32Array(n), safe: new Uint8Array(n), costDp: new Int32Array(n) };
}

/** Rows [from, to) of `src` to rows from `at` of `dst`. */
function copyRows(dst: RowColumns, src: RowColumns, from: number, to: number, at: number): void {
  dst.lot.set(src.lot.subarray(from, to), at);
  dst.scaled.set(src.scaled.subarray(from, to), at);
  dst.dp.set(src.dp.subarray(from, to), at);
  dst.safe.set(src.safe.subarray(from, to), at);
  dst.costDp.set(src.costDp.subarray(from, to), at);
}

/** Row `i`'s number and cost places, read from the posting (its lot is the caller's). */
function readRow(c: RowColumns, i: number, p: Posting): void {
  const cost = p.cost;
  c.costDp[i] = cost === null ? -1 : cost.number.dp;
  const d = p.units.number;
  c.dp[i] = d.dp;
  const x = d.raw;
  if (typeof x === 'number') {
    c.scaled[i] = x;
    c.safe[i] = 1;
  }
}

/**
 * The columns of rows made by a period clause: `rows` are `head` new postings (their lot ids in
 * `headLots`, of `cols`' lot table) followed by the rows `from`.. of the array `cols` was built
 * for. Remembered for `rows`, so positionColumns(rows) finds them: OPEN ON puts thousands of
 * opening lots before the rows of its range, and a running balance over them then adds each by
 * lot id, as over the snapshot's own postings.
 */
export function rememberDerivedColumns(
  rows: readonly Posting[],
  headLots: ArrayLike<number>,
  cols: PositionColumns,
  from: number,
  /** Columns whose first rows are these same head rows (an earlier snapshot's: periods/carry.ts), read instead of the rows. */
  headCols: PositionColumns | null = null,
  /** The head rows as one array, the same object wherever this head is reused (PositionColumns.head). */
  headRows: readonly Posting[] | null = null,
): PositionColumns {
  const n = rows.length;
  const head = headLots.length;
  const c = newRowColumns(n);
  // The head's numbers from the earlier columns, its lots always from headLots (this lot table's).
  if (headCols !== null) copyRows(c, headCols, 0, head, 0);
  else for (let i = 0; i < head; i++) readRow(c, i, rows[i]);
  c.lot.set(headLots);
  copyRows(c, cols, from, from + (n - head), head);
  const out: PositionColumns = { ...c, currency: cols.currency, lots: cols.lots };
  if (headRows !== null) out.head = headRows;
  cache.set(rows, out);
  return out;
}

/**
 * The columns of rows a period clause made by adding rows to the first `count` rows of the array
 * `cols` was built for (CLOSE's conversions, CLEAR's transfers: periods/apply.ts), remembered for
 * `rows`: the kept rows' columns are copied and only the new rows are read (their lots join the
 * same lot table, as rememberDerivedColumns' do). Building them from the rows cost about 80 ms of
 * every first balance sheet on the xlarge bench ledger.
 */
export function rememberExtendedColumns(rows: readonly Posting[], cols: PositionColumns, count: number): void {
  if (cache.has(rows)) return;
  const c = newRowColumns(rows.length);
  copyRows(c, cols, 0, count, 0);
  const lots = cols.lots;
  for (let i = count; i < rows.length; i++) {
    const p = rows[i];
    readRow(c, i, p);
    c.lot[i] = p.cost !== null ? lots.costId(p.units.currency, p.cost) : lots.plainId(p.units.currency);
  }
  cache.set(rows, { ...c, currency: cols.currency, lots });
}

/** The columns of `postings` if something built or remembered them already, else null. */
export function knownPositionColumns(postings: readonly Posting[]): PositionColumns | null {
  return cache.get(postings) ?? null;
}

/** One lot of a running sum: scaled number (`n` while a safe integer, else `big`), places, cost. */
interface LotSum {
  n: number;
  big: bigint | null;
  dp: number;
  cost: Cost | null;
}

/** The state of one sum(position): lots by lot index, in creation order. */
export class PositionSum {
  readonly lots = new Map<number, LotSum>();
  /**
   * The lot of the last row added, while it exists (`lots.get(lastId)`, else -1 and null): the
   * rows of a group mostly repeat a lot (an account's currency), so most rows skip the map.
   */
  lastId = -1;
  last: LotSum | null = null;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const POW10N: number[] = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** Adds row `at` of `postings` (whose columns are `cols`) to the sum. */
export function addRow(sum: PositionSum, cols: PositionColumns, postings: readonly Posting[], at: number): void {
  const id = cols.lot[at];
  const l = id === sum.lastId ? sum.last! : sum.lots.get(id);
  if (l === undefined) {
    const made = newLot(cols, postings, at);
    if (made === null) return;
    sum.lots.set(id, made);
    sum.lastId = id;
    sum.last = made;
    return;
  }
  sum.lastId = id;
  sum.last = l;
  if (addToLot(l, cols, postings, at)) removeLot(sum, id);
}

/**
 * The lot row `at` starts; null for a zero row (it does not create one). `reuse`, a record of a
 * lot gone to zero, is started again in place instead of allocating one.
 */
function newLot(cols: PositionColumns, postings: readonly Posting[], at: number, reuse?: LotSum): LotSum | null {
  let n = 0;
  let big: bigint | null = null;
  if (cols.safe[at] === 1) {
    n = cols.scaled[at];
    if (n === 0) return null;
  } else big = postings[at].units.number.scaled;
  const dp = cols.dp[at];
  const cost = postings[at].cost;
  if (reuse === undefined) return { n, big, dp, cost };
  reuse.n = n;
  reuse.big = big;
  reuse.dp = dp;
  reuse.cost = cost;
  return reuse;
}

/** Adds row `at` to its lot `l`; true when the lot sums to zero (the caller removes it). */
function addToLot(l: LotSum, cols: PositionColumns, postings: readonly Posting[], at: number): boolean {
  const dx = cols.dp[at];
  const fast = cols.safe[at] === 1;
  const x = fast ? cols.scaled[at] : 0;
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
        if (s === 0) return true;
        l.n = s;
        if (k < 0) l.dp = dx;
        return false;
      }
    }
  }
  const xb = fast ? BigInt(x) : postings[at].units.number.scaled;
  const cur = l.big ?? BigInt(l.n);
  const s = k === 0 ? cur + xb : k > 0 ? cur + xb * pow10(k) : cur * pow10(-k) + xb;
  if (s === 0n) return true;
  if (k < 0) l.dp = dx;
  if (s <= MAX_SAFE && s >= -MAX_SAFE) {
    l.n = Number(s);
    l.big = null;
  } else l.big = s;
  return false;
}

/**
 * A sum whose lots are found by lot id in an array rather than a map: the total of every
 * account's rows (OPEN ON's conversions, CLOSE ON), whose cash lots sum to zero and start again
 * at nearly every transaction (each balances), so a map churned through a delete and an insert
 * per row (about 100 ms of a first weekly graph on 300k rows). The creation order a map keeps
 * is kept as a sequence number per lot (0: no lot now); toSum gives the PositionSum.
 */
export class DenseSum {
  private readonly byId: (LotSum | undefined)[];
  private readonly seq: Float64Array;
  private nextSeq = 1;

  constructor(cols: PositionColumns) {
    this.byId = new Array(cols.currency.length);
    this.seq = new Float64Array(cols.currency.length);
  }

  add(cols: PositionColumns, postings: readonly Posting[], at: number): void {
    const id = cols.lot[at];
    const l = this.byId[id];
    if (l !== undefined && this.seq[id] !== 0) {
      if (addToLot(l, cols, postings, at)) this.seq[id] = 0;
      return;
    }
    // A lot gone to zero keeps its record, which starts again here: no allocation per transaction.
    const made = newLot(cols, postings, at, l);
    if (made === null) return;
    this.byId[id] = made;
    this.seq[id] = this.nextSeq++;
  }

  /** A frozen copy of this sum's state (the live lots' records copied), for `DenseSum.resume`. */
  freeze(): FrozenDenseSum {
    const ids: number[] = [];
    const lots: LotSum[] = [];
    const seqs: number[] = [];
    for (let id = 0; id < this.seq.length; id++) {
      if (this.seq[id] === 0) continue;
      const l = this.byId[id]!;
      ids.push(id);
      lots.push(copyLot(l));
      seqs.push(this.seq[id]);
    }
    return { ids: Int32Array.from(ids), lots, seqs: Float64Array.from(seqs), nextSeq: this.nextSeq };
  }

  /** A sum in the state `frozen` holds (left unchanged: the records are copied again). */
  static resume(cols: PositionColumns, frozen: FrozenDenseSum): DenseSum {
    const d = new DenseSum(cols);
    const { ids, lots, seqs } = frozen;
    for (let k = 0; k < ids.length; k++) {
      d.byId[ids[k]] = copyLot(lots[k]);
      d.seq[ids[k]] = seqs[k];
    }
    d.nextSeq = frozen.nextSeq;
    return d;
  }

  /** The same lots in a PositionSum, in the order they were (last) created; the end of this sum's use. */
  toSum(): PositionSum {
    const ids: number[] = [];
    for (let id = 0; id < this.byId.length; id++) if (this.seq[id] !== 0) ids.push(id);
    ids.sort((a, b) => this.seq[a] - this.seq[b]);
    const sum = new PositionSum();
    for (const id of ids) sum.lots.set(id, this.byId[id]!);
    return sum;
  }
}

/** The live lots of a DenseSum with their creation numbers (DenseSum.freeze). */
export interface FrozenDenseSum {
  readonly ids: Int32Array;
  readonly lots: readonly LotSum[];
  readonly seqs: Float64Array;
  readonly nextSeq: number;
}

/** A lot record of its own (sums change their records in place). */
function copyLot(l: LotSum): LotSum {
  return { n: l.n, big: l.big, dp: l.dp, cost: l.cost };
}

/** A copy of a sum whose records the copy owns (the original may go on adding rows). */
export function copyPositionSum(sum: PositionSum): PositionSum {
  const out = new PositionSum();
  sum.lots.forEach((l, id) => out.lots.set(id, copyLot(l)));
  return out;
}

/** A lot that summed to zero leaves the sum (a later row starts it afresh, last in order). */
function removeLot(sum: PositionSum, id: number): void {
  sum.lots.delete(id);
  sum.lastId = -1;
  sum.last = null;
}

/**
 * The Inventory of a sum: its lots are distinct by lot id, so the inventory takes them as they
 * are and builds their key texts only if something adds to it or compares it (Inventory.ofDistinctLots).
 */
export function finishSum(sum: PositionSum, cols: PositionColumns): Inventory {
  const n = sum.lots.size;
  const lots: DistinctLot[] = new Array(n);
  const ids: number[] = new Array(n);
  let i = 0;
  sum.lots.forEach((l, id) => {
    ids[i] = id;
    lots[i++] = { currency: cols.currency[id], cost: l.cost, scaled: l.big ?? BigInt(l.n), dp: l.dp };
  });
  const keys = cols.lots;
  return Inventory.ofDistinctLotIds(lots, ids, keys);
}
