/**
 * The units of every posting row as typed columns (decimal places, the value scaled to them as a
 * double when that is a safe integer, the currency as an id; the account as an id and whether
 * the row is at cost), written by the booking walk while
 * each transaction's rows are still in the processor's cache, and read by the query engine's
 * position sums (engine/query/execute/position-sums.ts) instead of each row's units, Dec and
 * bigint. Building them on the first query was most of a first `BALANCES` (issue 15): three
 * objects per posting read from all over the heap. Kept per posting list (the snapshot's
 * `postings`), like the query engine's own per-list caches.
 */
import type { Posting } from '../snapshot';

export interface PostingNumbers {
  /** Decimal places of each row's units. */
  readonly dp: Int32Array;
  /** The units times 10^dp, when `safe` is 1 (else 0: read the row's Dec). */
  readonly scaled: Float64Array;
  readonly safe: Uint8Array;
  /** The units' currency, an index into `currencies`. */
  readonly currency: Int32Array;
  readonly currencies: readonly string[];
  /**
   * The row's account, an index into `accounts`, and whether the row is at cost: a first query's
   * position columns then read the rows themselves only for their costs (a posting row read from
   * all over the heap was most of what was left of a first `BALANCES`).
   */
  readonly account: Int32Array;
  readonly accounts: readonly string[];
  readonly costed: Uint8Array;
}

const byList = new WeakMap<readonly Posting[], PostingNumbers>();

/** The columns of a posting list the walk made, if it is one (a filtered list has none). */
export function numbersOf(list: readonly Posting[]): PostingNumbers | undefined {
  return byList.get(list);
}

/**
 * The rows' numbers in the order the walk books them (appended per transaction); `place` copies
 * them into list order at the end of the walk (padding transactions are booked after the entries
 * that follow them in the list).
 */
export class NumberLog {
  dp: Int32Array;
  scaled: Float64Array;
  safe: Uint8Array;
  currency: Int32Array;
  account: Int32Array;
  costed: Uint8Array;
  count = 0;
  /** The transaction (or other owner) whose rows start at each index (unset elsewhere). */
  private owners: (object | undefined)[];
  readonly currencies: string[];
  private readonly ids = new Map<string, number>();
  private lastCurrency: string | null = null;
  private lastId = -1;
  readonly accounts: string[];
  private readonly accountIds = new Map<string, number>();
  private lastAccount: string | null = null;
  private lastAccountId = -1;

  /**
   * `currencies`, `accounts`: the ids already in use (a resumed walk keeps the previous load's);
   * `capacity`: the rows expected (growing by copies was a visible part of this log's cost).
   */
  constructor(currencies: readonly string[] = [], capacity = 1024, accounts: readonly string[] = []) {
    this.dp = new Int32Array(capacity);
    this.scaled = new Float64Array(capacity);
    this.safe = new Uint8Array(capacity);
    this.currency = new Int32Array(capacity);
    this.account = new Int32Array(capacity);
    this.costed = new Uint8Array(capacity);
    this.owners = new Array(capacity);
    this.currencies = [...currencies];
    for (let i = 0; i < this.currencies.length; i++) this.ids.set(this.currencies[i], i);
    this.accounts = [...accounts];
    for (let i = 0; i < this.accounts.length; i++) this.accountIds.set(this.accounts[i], i);
  }

  /** Appends the rows of one transaction (`owner`); returns where the first went. */
  add(rows: readonly Posting[], owner: object, n = rows.length): number {
    const base = this.count;
    if (base + n > this.dp.length) this.grow(base + n);
    this.owners[base] = owner;
    for (let j = 0; j < n; j++) {
      const u = rows[j].units;
      const d = u.number;
      const k = base + j;
      this.dp[k] = d.dp;
      const x = d.raw;
      if (typeof x === 'number') {
        this.scaled[k] = x;
        this.safe[k] = 1;
      }
      const c = u.currency;
      if (c !== this.lastCurrency) {
        let id = this.ids.get(c);
        if (id === undefined) {
          id = this.currencies.length;
          this.ids.set(c, id);
          this.currencies.push(c);
        }
        this.lastCurrency = c;
        this.lastId = id;
      }
      this.currency[k] = this.lastId;
      const r = rows[j];
      const a = r.account;
      if (a !== this.lastAccount) {
        let id = this.accountIds.get(a);
        if (id === undefined) {
          id = this.accounts.length;
          this.accountIds.set(a, id);
          this.accounts.push(a);
        }
        this.lastAccount = a;
        this.lastAccountId = id;
      }
      this.account[k] = this.lastAccountId;
      this.costed[k] = r.cost === null ? 0 : 1;
    }
    this.count = base + n;
    return base;
  }

  /**
   * Whether `owner`'s rows were logged here at `base`: a resumed walk also places transactions
   * an earlier walk booked, whose `base` is that walk's.
   */
  logged(owner: object, base: number): boolean {
    return base >= 0 && base < this.count && this.owners[base] === owner;
  }

  private grow(atLeast: number): void {
    // By half: the log is sized for the written postings and outgrows them only by lot splits and
    // multi-currency auto postings; doubling left a million-row log a million rows too big.
    let size = Math.ceil(this.dp.length * 1.5);
    while (size < atLeast) size = Math.ceil(size * 1.5);
    this.dp = grown(this.dp, new Int32Array(size));
    this.scaled = grown(this.scaled, new Float64Array(size));
    this.safe = grown(this.safe, new Uint8Array(size));
    this.currency = grown(this.currency, new Int32Array(size));
    this.account = grown(this.account, new Int32Array(size));
    this.costed = grown(this.costed, new Uint8Array(size));
    this.owners.length = size;
  }
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(old: T, to: T): T {
  to.set(old);
  return to;
}

type Columns = Pick<PostingNumbers, 'dp' | 'scaled' | 'safe' | 'currency' | 'account' | 'costed'>;

/** Columns of `size` rows in list order. */
class PlacedNumbers implements PostingNumbers {
  readonly dp: Int32Array;
  readonly scaled: Float64Array;
  readonly safe: Uint8Array;
  readonly currency: Int32Array;
  readonly account: Int32Array;
  readonly costed: Uint8Array;

  /** New columns of `size` rows, or the first `size` rows of `over` (shared, not copied). */
  constructor(
    size: number,
    readonly currencies: readonly string[],
    readonly accounts: readonly string[],
    over?: Columns,
  ) {
    this.dp = over ? over.dp.subarray(0, size) : new Int32Array(size);
    this.scaled = over ? over.scaled.subarray(0, size) : new Float64Array(size);
    this.safe = over ? over.safe.subarray(0, size) : new Uint8Array(size);
    this.currency = over ? over.currency.subarray(0, size) : new Int32Array(size);
    this.account = over ? over.account.subarray(0, size) : new Int32Array(size);
    this.costed = over ? over.costed.subarray(0, size) : new Uint8Array(size);
  }

  /** Rows [from, from + count) of `src` (a log or earlier columns) to rows from `to`. */
  copy(src: Columns, from: number, count: number, to: number): void {
    // A transaction's few rows one by one (four subarray views per transaction were garbage).
    if (count < 16) {
      for (let k = 0; k < count; k++) {
        this.dp[to + k] = src.dp[from + k];
        this.scaled[to + k] = src.scaled[from + k];
        this.safe[to + k] = src.safe[from + k];
        this.currency[to + k] = src.currency[from + k];
        this.account[to + k] = src.account[from + k];
        this.costed[to + k] = src.costed[from + k];
      }
      return;
    }
    this.dp.set(src.dp.subarray(from, from + count), to);
    this.scaled.set(src.scaled.subarray(from, from + count), to);
    this.safe.set(src.safe.subarray(from, from + count), to);
    this.currency.set(src.currency.subarray(from, from + count), to);
    this.account.set(src.account.subarray(from, from + count), to);
    this.costed.set(src.costed.subarray(from, from + count), to);
  }
}

/**
 * The log's rows put into list order (the walk's finish places transactions one after another
 * from row 0, or from the end of a reused prefix). While every transaction lands where it was
 * logged (no padding booked out of order, no earlier walk's rows) nothing is copied and the log's
 * own columns become the list's: a second set of columns beside the log was 17 bytes a posting
 * of peak memory for nothing.
 *
 * A pad's padding transaction is booked at the balance after the pad but listed right after the
 * pad, so every row between them moves down by its few rows. Those moves are recorded and done
 * in the log itself by `finish` (the few rows moving up saved first): a ledger with a pad near its
 * start otherwise copied every row into new columns (17.5 MB of the 1M bench ledger's peak). When
 * many rows move up (a resumed walk logging an earlier walk's rows again at the end), the rows are
 * copied into new columns instead.
 */
export class Placement {
  private placed: PlacedNumbers | null = null;
  /** Moves not yet done, as (base, count, to) triples, while no copy is made. */
  private readonly moves: number[] = [];
  /** Rows of the recorded moves to a lower row (each saved aside by `finish`). */
  private up = 0;

  /** `prefix`: the first rows come from an earlier walk's columns (a resumed walk). */
  constructor(
    private readonly log: NumberLog,
    private readonly size: number,
    prefix?: { from: PostingNumbers; count: number },
  ) {
    if (prefix) {
      this.placed = new PlacedNumbers(size, log.currencies, log.accounts);
      this.placed.copy(prefix.from, 0, prefix.count, 0);
    }
  }

  /** The `count` rows logged from `base` are rows from `to` of the list. */
  put(base: number, count: number, to: number): void {
    const placed = this.placed;
    if (placed !== null) {
      placed.copy(this.log, base, count, to);
      return;
    }
    if (base === to) return;
    this.moves.push(base, count, to);
    if (base > to && (this.up += count) > (this.size >> 3) + 16) this.copyFrom(to + count);
  }

  /** Leaves moving in place: rows [0, end) as placed so far go into new columns. */
  private copyFrom(end: number): void {
    const placed = (this.placed = new PlacedNumbers(this.size, this.log.currencies, this.log.accounts));
    // Rows that stayed where they were logged are the log's own; the recorded moves overwrite the rest.
    placed.copy(this.log, 0, end, 0);
    const m = this.moves;
    for (let k = 0; k < m.length; k += 3) placed.copy(this.log, m[k], m[k + 1], m[k + 2]);
    m.length = 0;
  }

  /**
   * Does the recorded moves in the log's columns. Sources are disjoint and so are destinations;
   * a row that stays is already at its destination. The rows moving up are saved first; rows
   * moving down are moved from the highest source on (each destination lies above its source,
   * hence above every lower source not yet moved); the saved rows are written last.
   */
  private moveInPlace(): void {
    const m = this.moves;
    const log = this.log;
    const saved: { to: number; cols: Columns }[] = [];
    const down: number[] = [];
    for (let k = 0; k < m.length; k += 3) {
      const base = m[k];
      const end = base + m[k + 1];
      if (base > m[k + 2]) {
        saved.push({
          to: m[k + 2],
          cols: {
            dp: log.dp.slice(base, end),
            scaled: log.scaled.slice(base, end),
            safe: log.safe.slice(base, end),
            currency: log.currency.slice(base, end),
            account: log.account.slice(base, end),
            costed: log.costed.slice(base, end),
          },
        });
      } else down.push(k);
    }
    down.sort((a, b) => m[b] - m[a]);
    for (const k of down) {
      const base = m[k];
      const end = base + m[k + 1];
      const to = m[k + 2];
      log.dp.copyWithin(to, base, end);
      log.scaled.copyWithin(to, base, end);
      log.safe.copyWithin(to, base, end);
      log.currency.copyWithin(to, base, end);
      log.account.copyWithin(to, base, end);
      log.costed.copyWithin(to, base, end);
    }
    for (const { to, cols } of saved) {
      log.dp.set(cols.dp, to);
      log.scaled.set(cols.scaled, to);
      log.safe.set(cols.safe, to);
      log.currency.set(cols.currency, to);
      log.account.set(cols.account, to);
      log.costed.set(cols.costed, to);
    }
    m.length = 0;
  }

  /** The columns of `list` (the placed rows), kept for numbersOf. */
  finish(list: readonly Posting[]): PostingNumbers {
    if (this.placed === null && this.moves.length > 0) this.moveInPlace();
    const nums = this.placed ?? new PlacedNumbers(this.size, this.log.currencies, this.log.accounts, this.log);
    byList.set(list, nums);
    return nums;
  }
}
