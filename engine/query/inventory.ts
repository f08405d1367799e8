/**
 * Inventory: a collection of positions of any currencies and lots (document 2 "Types",
 * sum(position), "Lot booking").
 *
 * Positions are keyed by their lot: units currency plus cost (number, currency, date, label).
 * Adding to an existing lot adds the numbers (decimal places: the larger scale wins, as with
 * Python's Decimal); a lot whose number becomes zero is removed, and adding a zero position
 * to an absent lot adds nothing (Beancount's Inventory.add_amount does the same).
 *
 * Cost numbers are keyed by value, not by how they are written: `{500 USD}` and `{500.00 USD}`
 * are the same lot (Python's Decimal hashes them equal too); the lot keeps the first form seen.
 *
 * Speed (sums and running balances add one position per row over hundreds of thousands of rows):
 * - a lot is a mutable record holding the scaled integer and its decimal places, updated in place
 *   (one bigint per add, no new Position, Amount or Dec); the immutable Position that
 *   `positions()` hands out is built when first read after a change;
 * - lot keys of costs are built once per Cost object (a WeakMap), not once per add;
 * - `clone` copies the list of lot records (references, no keys and no hashing) and shares them;
 *   the original takes a fresh owner token. A lot is changed in place only by the inventory whose
 *   token it carries, any other first replaces it with its own copy. So a lot reachable from two
 *   inventories is never changed, and the Positions handed out never change. The copy builds its
 *   map, each key lotKey of a record, only if something asks for a lot by key (add, equals...):
 *   a running balance snapshotted per group (last(balance) of the net-worth graph, thousands of
 *   lots) is only read, and a copy-on-write map was copied whole, with hashing, by the balance's
 *   next change;
 * - a large inventory keeps totals per units currency and cost currency (lot-groups.ts), so that
 *   units() and the valuation functions take one product per group rather than one per lot;
 * - a copy of a large keyed inventory (a running balance copied per group) is deferred: the copy
 *   notes where the original's change log stands (`Generation`), and the original logs each lot
 *   it changes from then on with the record it replaced. The copy's lots are worked out from the
 *   original's current lots and that log only if something reads them; its totals (units(),
 *   convert()) and size are known without. A weekly net-worth graph of a year copied the 11,500
 *   lots of the xlarge bench ledger 52 times per request (4.8 MB of arrays, most of its time
 *   spent by the collector), and reads none of them.
 */
import { Dec, pow10 } from '../decimal';
import type { Amount, Cost, Position } from '../ledger/snapshot';
import { IdMap } from './id-map';
import { LOT_GROUPS_MIN_LOTS, LotGroups, NO_RATES, sumGroups, type GroupRoute, type GroupSum } from './lot-groups';

/** The lot table of per-row columns (execute/lot-ids.ts), as an inventory keyed by its ids reads it. */
export interface LotIdTable {
  /** The Inventory lot key of lot `id` (lotKey of its currency and cost). */
  keyOf(id: number): string;
  /** How many lots it holds (ids are 0 to size - 1). */
  readonly size: number;
}

interface Lot {
  readonly currency: string;
  readonly cost: Cost | null;
  /** The number times 10^dp (never zero: a lot summing to zero is removed). */
  scaled: bigint;
  dp: number;
  /** The Position handed out for the current number, built on demand; null after a change. */
  pos: Position | null;
  /** Token of the only inventory allowed to change this lot in place. */
  owner: number;
}

let nextToken = 1;

/** An inventory's lots by key: lot key texts in a Map, or a lot table's ids in an IdMap. */
type LotMap = Map<string, Lot> | IdMap<Lot>;

/** What addIn needs of either kind of LotMap. */
interface KeyedLots<K> {
  readonly size: number;
  get(key: K): Lot | undefined;
  set(key: K, lot: Lot): unknown;
  delete(key: K): boolean;
}

/** Copies of keyed inventories of fewer lots are made at once (a few hundred references). */
export const DEFERRED_COPY_MIN_LOTS = 512;

/**
 * The change log of a keyed inventory since its first deferred copy: pairs of a lot key and the
 * record the key held before the change (undefined: absent). `lots` is the inventory's map, which
 * it changes only while this generation is current (it moves to a copy of the map when it starts
 * a new one), so a copy can always be worked out from `lots` and the log after its place.
 */
interface Generation {
  readonly lots: LotMap;
  readonly log: (string | number | Lot | undefined)[];
}

/** Where a deferred copy was taken: its source's generation, the log length then, the lot count. */
interface PendingCopy {
  readonly gen: Generation;
  readonly at: number;
  readonly size: number;
}

/**
 * The value of a number written without its trailing zeros (`500.00` -> `500`, `0.50` -> `0.5`):
 * numbers equal by value give the same text. Same text as decimal.js's toString in the exact
 * context (no exponent), without building a decimal.js value.
 */
export function valueText(d: Dec): string {
  const s = d.toString();
  if (d.dp === 0) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return end === s.length ? s : s.slice(0, end);
}

/**
 * A text equal for numbers equal by value (500 = 500.00, -0.0 = 0), for lot keys: the scaled
 * integer and places without trailing zeros (one pair per value), through a Number while the
 * integer is safe (cheaper than the decimal text of a bigint).
 */
export function numberKey(d: Dec): string {
  let dp = d.dp;
  const x0 = d.raw;
  if (typeof x0 === 'number') {
    let x = x0;
    while (dp > 0 && x % 10 === 0) {
      x /= 10;
      dp--;
    }
    return `${x}e${dp}`;
  }
  let s = x0;
  while (dp > 0 && s % 10n === 0n) {
    s /= 10n;
    dp--;
  }
  // The same text as the safe branch when the stripped integer is safe (5.000...0 past 2^53).
  return `${s}e${dp}`;
}

/**
 * Lot key of a position at cost from its parts, uncached (per-row columns build one per lot:
 * execute/position-sums.ts). \u0001 cannot occur in a currency or a number; labels go last so
 * any text in them is harmless.
 */
export function costLotKey(currency: string, cost: Cost): string {
  return (
    currency +
    '\u0001' +
    numberKey(cost.number) +
    '\u0001' +
    cost.currency +
    '\u0001' +
    cost.date +
    (cost.label === null ? '\u0001' : '\u0002' + cost.label)
  );
}

/** Lot key of a cost, remembered per Cost object with the units currency it was built for. */
interface CostKey {
  currency: string;
  key: string;
}
const costKeys = new WeakMap<Cost, CostKey>();

/** Lot key: the currency alone for positions without cost (no allocation in the common case). */
export function lotKey(currency: string, cost: Cost | null): string {
  if (cost === null) return currency;
  const known = costKeys.get(cost);
  if (known !== undefined && known.currency === currency) return known.key;
  const key = costLotKey(currency, cost);
  // Costs are immutable once booked, so the key stays right for the object's lifetime.
  costKeys.set(cost, { currency, key });
  return key;
}

/** a x 10^-da == b x 10^-db. */
function sameValue(a: bigint, da: number, b: bigint, db: number): boolean {
  if (da === db) return a === b;
  return da > db ? a === b * pow10(da - db) : a * pow10(db - da) === b;
}

function positionOf(l: Lot): Position {
  let p = l.pos;
  if (p === null) l.pos = p = { units: { number: Dec.fromScaled(l.scaled, l.dp), currency: l.currency }, cost: l.cost };
  return p;
}

/**
 * Encoding order (document 1 "Cell encoding"): units currency, then cost, a position without
 * cost first; costs by number, currency, date, then label (no label first).
 */
export function compareEncodingOrder(a: Position, b: Position): number {
  const ca = a.units.currency;
  const cb = b.units.currency;
  if (ca !== cb) return ca < cb ? -1 : 1;
  const xa = a.cost;
  const xb = b.cost;
  if (xa === xb) return 0;
  if (xa === null) return -1;
  if (xb === null) return 1;
  const n = xa.number.cmp(xb.number);
  if (n !== 0) return n;
  if (xa.currency !== xb.currency) return xa.currency < xb.currency ? -1 : 1;
  if (xa.date !== xb.date) return xa.date - xb.date;
  if (xa.label === xb.label) return 0;
  if (xa.label === null) return -1;
  if (xb.label === null) return 1;
  return xa.label < xb.label ? -1 : 1;
}

function isPosition(x: Position | Amount): x is Position {
  return (x as Position).units !== undefined;
}

/** A lot for Inventory.ofDistinctLots: its units currency, cost, number (never zero) and places. */
export interface DistinctLot {
  currency: string;
  cost: Cost | null;
  scaled: bigint;
  dp: number;
}

export class Inventory {
  /**
   * Lots by lot key, in the order a lot was (last) created: iteration order of the old maps. With
   * `idTable` set it is an IdMap of that table's lot ids instead (addById).
   */
  private keyed: LotMap;
  /**
   * The lot table whose ids key `keyed` (then an IdMap): a running balance fed from per-row
   * columns adds every row by lot id (a small integer, an array index in the IdMap, without a key
   * text per lot: on the xlarge bench ledger a net-worth trend starts from 11,600 opening lots).
   * The first use by key text turns the ids into their texts (`lots`).
   */
  private idTable: LotIdTable | null = null;
  /**
   * Lots of ofDistinctLots whose keys are not built yet, in order, with the key of each; moved
   * into `keyed` by the first keyed use (the `lots` getter). Reading positions does not need them.
   */
  private unkeyed: Lot[] | null = null;
  /** Null with `unkeyed` set: each key is lotKey(currency, cost) of its record (copies, clone). */
  private keyOfUnkeyed: ((i: number) => string) | null = null;
  /** With `unkeyed` set by ofDistinctLotIds: each lot's id in `unkeyedTable` (addById keys by them). */
  private unkeyedIds: ArrayLike<number> | null = null;
  private unkeyedTable: LotIdTable | null = null;
  /** Owner token of the lots this inventory may change in place (fresh for every new map). */
  private token: number;
  /** positions() in encoding order, until the next mutation. */
  private sorted: Position[] | null = null;
  /** Totals per currency pair (lot-groups.ts), once a large inventory is valued or copied. */
  private groups: LotGroups | null = null;
  /** A deferred copy: where its lots are worked out from (see the header); null once settled. */
  private pending: PendingCopy | null = null;
  /** While deferred copies of this inventory may exist, its change log (see Generation). */
  private gen: Generation | null = null;

  constructor(positions?: Iterable<Position | Amount>) {
    this.keyed = new Map();
    this.token = nextToken++;
    if (positions) for (const p of positions) this.add(p);
  }

  static empty(): Inventory {
    return new Inventory();
  }

  /**
   * The inventory of lots known to be distinct (different lot keys) and non-zero, in this order,
   * whose keys (`keyOf(i)`: lotKey of the i-th lot) are built only if a keyed operation (add,
   * equals, clone, ...) needs them: a sum over flat columns (execute/position-sums.ts) ends in
   * thousands of lots at cost, whose key texts an answer that is only encoded never reads.
   */
  static ofDistinctLots(lots: readonly DistinctLot[], keyOf: (i: number) => string): Inventory {
    const inv = new Inventory();
    if (lots.length === 0) return inv;
    const own: Lot[] = new Array(lots.length);
    for (let i = 0; i < lots.length; i++) {
      const l = lots[i];
      own[i] = { currency: l.currency, cost: l.cost, scaled: l.scaled, dp: l.dp, pos: null, owner: inv.token };
    }
    inv.unkeyed = own;
    inv.keyOfUnkeyed = keyOf;
    return inv;
  }

  /**
   * ofDistinctLots whose lots are lots `ids` of `table` (a sum over per-row columns): rows then
   * added by lot id of that table (addById) key the lots by id, without a key text per lot.
   */
  static ofDistinctLotIds(lots: readonly DistinctLot[], ids: ArrayLike<number>, table: LotIdTable): Inventory {
    const inv = Inventory.ofDistinctLots(lots, (i) => table.keyOf(ids[i]));
    if (inv.unkeyed !== null) {
      inv.unkeyedIds = ids;
      inv.unkeyedTable = table;
    }
    return inv;
  }

  /** The lots by key text (built from `unkeyed` or the lot ids on first use). */
  private get lots(): Map<string, Lot> {
    if (this.pending !== null) this.settle();
    const table = this.idTable;
    if (table !== null) {
      // The map keyed by ids stays as it is for the copies of the current generation.
      this.gen = null;
      const keyed = new Map<string, Lot>();
      (this.keyed as IdMap<Lot>).forEach((l, id) => keyed.set(table.keyOf(id), l));
      this.keyed = keyed;
      this.idTable = null;
    }
    // Keyed by text from here on (an IdMap only ever goes with idTable).
    const keyed = this.keyed as Map<string, Lot>;
    const u = this.unkeyed;
    if (u !== null) {
      const keyOf = this.keyOfUnkeyed;
      if (keyOf === null) {
        for (let i = 0; i < u.length; i++) {
          const l = u[i];
          keyed.set(lotKey(l.currency, l.cost), l);
        }
      } else for (let i = 0; i < u.length; i++) keyed.set(keyOf(i), u[i]);
      this.unkeyed = null;
      this.keyOfUnkeyed = null;
      this.unkeyedIds = null;
      this.unkeyedTable = null;
    }
    return keyed;
  }

  /** Adds a position (anything with units and cost, e.g. a booked Posting) or an amount (no cost). */
  add(x: Position | Amount): this {
    if (isPosition(x)) {
      const u = x.units;
      this.addScaled(lotKey(u.currency, x.cost), u.currency, x.cost, u.number.scaled, u.number.dp);
    } else this.addScaled(x.currency, x.currency, null, x.number.scaled, x.number.dp);
    return this;
  }

  /** Adds only the units of a position, without its lot (units() accumulation). */
  addUnits(x: Position | Amount): this {
    const a = isPosition(x) ? x.units : x;
    this.addScaled(a.currency, a.currency, null, a.number.scaled, a.number.dp);
    return this;
  }

  addLot(number: Dec, currency: string, cost: Cost | null): this {
    this.addScaled(lotKey(currency, cost), currency, cost, number.scaled, number.dp);
    return this;
  }

  /**
   * Adds scaled x 10^-dp of `currency` to lot `id` of `table` (whose key is table.keyOf(id)),
   * reading `row.cost` only when the lot is created. An inventory fed only this way, from one
   * table, keys its lots by id (see `idTable`).
   */
  addById(table: LotIdTable, id: number, currency: string, row: { readonly cost: Cost | null }, scaled: bigint, dp: number): this {
    if (this.pending !== null) this.settle();
    const u = this.unkeyed;
    if (u !== null && this.unkeyedTable === table && this.keyed.size === 0) {
      // Lots of ofDistinctLotIds over this table: keyed by their ids from now on.
      this.keyed = IdMap.of(this.unkeyedIds!, u, table.size);
      this.unkeyed = null;
      this.keyOfUnkeyed = null;
      this.unkeyedIds = null;
      this.unkeyedTable = null;
      this.idTable = table;
    }
    if (this.idTable !== table && this.keyed.size === 0 && this.unkeyed === null) {
      // Keys of another kind from now on: a new map, the old one left to the current generation.
      this.gen = null;
      this.keyed = new IdMap(table.size);
      this.idTable = table;
    }
    if (this.idTable === table) this.addIn(this.keyed as IdMap<Lot>, id, currency, null, scaled, dp, row);
    else this.addIn(this.lots, table.keyOf(id), currency, null, scaled, dp, row);
    return this;
  }

  private addScaled(key: string, currency: string, cost: Cost | null, scaled: bigint, dp: number, costOf: { readonly cost: Cost | null } | null = null): void {
    this.addIn(this.lots, key, currency, cost, scaled, dp, costOf);
  }

  /**
   * The one mutation: adds scaled x 10^-dp to the lot `key` of `lots` (this inventory's map; the
   * key is lotKey(currency, cost), or a lot id in id mode). The cost of a new lot is `costOf.cost`
   * when `costOf` is given (read only then), else `cost`.
   */
  private addIn<K>(lots: KeyedLots<K>, key: K, currency: string, cost: Cost | null, scaled: bigint, dp: number, costOf: { readonly cost: Cost | null } | null): void {
    const gen = this.gen;
    if (gen !== null) lots = this.logChange(gen, lots, key);
    const prev = lots.get(key);
    const groups = this.groups;
    if (prev === undefined) {
      if (scaled === 0n) return;
      this.sorted = null;
      const c = costOf === null ? cost : costOf.cost;
      lots.set(key, { currency, cost: c, scaled, dp, pos: null, owner: this.token });
      if (groups !== null) groups.enter(currency, c === null ? null : c.currency, scaled, dp);
      return;
    }
    const a = prev.dp;
    let sum: bigint;
    let sdp: number;
    if (a === dp) {
      sum = prev.scaled + scaled;
      sdp = a;
    } else if (a > dp) {
      sum = prev.scaled + scaled * pow10(a - dp);
      sdp = a;
    } else {
      sum = prev.scaled * pow10(dp - a) + scaled;
      sdp = dp;
    }
    this.sorted = null;
    if (groups !== null) {
      const via = prev.cost === null ? null : prev.cost.currency;
      groups.leave(currency, via, prev.scaled, prev.dp);
      if (sum !== 0n) groups.enter(currency, via, sum, sdp);
    }
    if (sum === 0n) lots.delete(key);
    else if (prev.owner === this.token) {
      prev.scaled = sum;
      prev.dp = sdp;
      prev.pos = null;
    } else lots.set(key, { currency, cost: prev.cost, scaled: sum, dp: sdp, pos: null, owner: this.token });
  }

  addInventory(other: Inventory): this {
    // Another inventory's keys are valid here: no key is rebuilt.
    for (const [key, l] of other.lots) this.addScaled(key, l.currency, l.cost, l.scaled, l.dp);
    return this;
  }

  /**
   * Logs the change of `key` about to be made in `lots` (this inventory's map) for the deferred
   * copies of generation `gen`; returns the map to change. A log grown past twice the lots (a
   * copy taken before a long run of changes) ends the generation: the changes go to a copy of the
   * map from then on, so the log stays bounded and the old map stays as the generation needs it.
   */
  private logChange<K>(gen: Generation, lots: KeyedLots<K>, key: K): KeyedLots<K> {
    if (gen.log.length > 2 * lots.size + 4096) {
      this.gen = null;
      const own = this.keyed;
      const fresh = own instanceof IdMap ? own.copy() : new Map(own);
      this.keyed = fresh;
      return fresh as unknown as KeyedLots<K>;
    }
    gen.log.push(key as string | number, lots.get(key));
    return lots;
  }

  /** Works out the lots of a deferred copy (see the header), as a copy made at once has them. */
  private settle(): void {
    const p = this.pending!;
    this.pending = null;
    const log = p.gen.log;
    // The record each key changed since the copy held at the copy (its first logged change).
    let then: Map<string | number, Lot | undefined> | null = null;
    if (log.length > p.at) {
      then = new Map();
      for (let i = p.at; i < log.length; i += 2) {
        const k = log[i] as string | number;
        if (!then.has(k)) then.set(k, log[i + 1] as Lot | undefined);
      }
    }
    const out: Lot[] = new Array(p.size);
    let n = 0;
    // forEach: an IdMap's without an iterator or pair per lot (a Map's the same).
    const each = (l: Lot, k: string | number): void => {
      if (then === null || !then.has(k)) out[n++] = l;
    };
    if (p.gen.lots instanceof IdMap) p.gen.lots.forEach(each);
    else p.gen.lots.forEach(each);
    if (then !== null) for (const l of then.values()) if (l !== undefined) out[n++] = l;
    if (n !== p.size) throw new Error(`internal error: a deferred inventory copy has ${n} lots, not ${p.size}`);
    this.unkeyed = out;
  }

  /** A copy sharing the lot records (see the header): O(lots) reference copies, no hashing. */
  clone(): Inventory {
    return this.copy(true);
  }

  private copy(mayDefer: boolean): Inventory {
    if (this.pending !== null) this.settle();
    const c = new Inventory();
    c.sorted = this.sorted;
    // A large running balance copied per group (last(balance)) keeps its totals from then on,
    // so each copy is valued per currency pair without a pass over its lots.
    const groups = this.lotGroups();
    if (groups !== null) c.groups = groups.clone();
    const u = this.unkeyed;
    if (u !== null) {
      if (u.length === 0) return c;
      c.unkeyed = u.slice();
      c.keyOfUnkeyed = this.keyOfUnkeyed;
      c.unkeyedIds = this.unkeyedIds;
      c.unkeyedTable = this.unkeyedTable;
    } else {
      if (this.keyed.size === 0) return c;
      if (mayDefer && this.keyed.size >= DEFERRED_COPY_MIN_LOTS) {
        let gen = this.gen;
        if (gen === null) this.gen = gen = { lots: this.keyed, log: [] };
        c.pending = { gen, at: gen.log.length, size: this.keyed.size };
        // This one's lots are shared with the copy from now on: changed by replacing them.
        this.token = nextToken++;
        return c;
      }
      // No array of keys: a lot's key is a function of its currency and cost (lotKey, whose
      // text per Cost object is remembered), and a copy is rarely changed or compared by key.
      // A running balance copied per group (last(balance) by week) made one per copy, half of
      // what the copies allocated.
      const own = this.keyed;
      c.unkeyed = own instanceof IdMap ? own.values() : Array.from(own.values());
    }
    // Neither side may now change a lot in place: the copy never owned them, this one no longer.
    this.token = nextToken++;
    return c;
  }

  /**
   * A copy (as clone) that also remembers its lots' ids when this inventory is keyed by a table's
   * ids (addById, ofDistinctLotIds), so rows added to a copy of it by lot id need no key texts:
   * a kept sum (execute/kept-sums.ts). `table`: the table the ids are read in from now on, when
   * they mean the same lots in it (an earlier snapshot's sum: periods/carry.ts).
   */
  copyWithIds(table: LotIdTable | null = null): Inventory {
    if (this.pending !== null) this.settle();
    const ids: ArrayLike<number> | null = this.unkeyed !== null ? this.unkeyedIds : this.idTable !== null ? Int32Array.from((this.keyed as IdMap<Lot>).keys()) : null;
    const from = this.unkeyed !== null ? this.unkeyedTable : this.idTable;
    // At once: the copy takes the ids with its lots.
    const c = this.copy(false);
    if (ids !== null && from !== null && c.unkeyed !== null) {
      const t = table ?? from;
      c.unkeyedIds = ids;
      c.unkeyedTable = t;
      c.keyOfUnkeyed = (i) => t.keyOf(ids[i]);
    }
    return c;
  }

  get size(): number {
    if (this.pending !== null) return this.pending.size;
    return this.unkeyed !== null ? this.unkeyed.length : this.keyed.size;
  }

  isEmpty(): boolean {
    return this.size === 0;
  }

  /** The lots in order, without building keys. */
  private lotValues(): Iterable<Lot> {
    if (this.pending !== null) this.settle();
    return this.unkeyed ?? this.keyed.values();
  }

  /** Positions in encoding order (units currency, then cost, no cost first). Do not mutate. */
  positions(): readonly Position[] {
    let arr = this.sorted;
    if (arr === null) {
      arr = new Array(this.size);
      let i = 0;
      for (const l of this.lotValues()) arr[i++] = positionOf(l);
      if (arr.length > 1) arr.sort(compareEncodingOrder);
      this.sorted = arr;
    }
    return arr;
  }

  /**
   * Every position, in no particular order: for sums, where order cannot change an exact result
   * and sorting thousands of lots per call (positions()) would dominate.
   */
  forEachPosition(fn: (p: Position) => void): void {
    for (const l of this.lotValues()) fn(positionOf(l));
  }

  /**
   * Every lot's parts, in no particular order (the order of forEachPosition), without building
   * its Position: valuation of a balance of thousands of lots reads each once.
   */
  forEachLot(fn: (currency: string, cost: Cost | null, scaled: bigint, dp: number) => void): void {
    for (const l of this.lotValues()) fn(l.currency, l.cost, l.scaled, l.dp);
  }

  /** Adds scaled x 10^-dp units of `currency` without cost (as add of that amount). */
  addUnitsScaled(currency: string, scaled: bigint, dp: number): this {
    this.addScaled(currency, currency, null, scaled, dp);
    return this;
  }

  /** A new inventory with every position mapped (zero results drop out). */
  map(fn: (p: Position) => Position | Amount): Inventory {
    const out = new Inventory();
    for (const l of this.lots.values()) out.add(fn(positionOf(l)));
    return out;
  }

  /** Every lot with its number replaced (never zero: the lots stay, keys and order too). */
  private withNumbers(fn: (scaled: bigint) => bigint): Inventory {
    const out = new Inventory();
    const t = out.token;
    for (const [key, l] of this.lots) {
      const s = fn(l.scaled);
      // Lots are never shared with a new inventory (this one may still change its own in
      // place); an unchanged number keeps its immutable Position.
      out.lots.set(key, { currency: l.currency, cost: l.cost, scaled: s, dp: l.dp, pos: s === l.scaled ? l.pos : null, owner: t });
    }
    return out;
  }

  neg(): Inventory {
    return this.withNumbers((s) => -s);
  }

  abs(): Inventory {
    return this.withNumbers((s) => (s < 0n ? -s : s));
  }

  /**
   * The totals per currency pair of a large inventory, built on first use and kept up to date
   * from then on (lot-groups.ts); null for a small one that has none.
   */
  lotGroups(): LotGroups | null {
    let g = this.groups;
    if (g === null && this.size >= LOT_GROUPS_MIN_LOTS) {
      g = new LotGroups();
      for (const l of this.lotValues()) g.enter(l.currency, l.cost === null ? null : l.cost.currency, l.scaled, l.dp);
      this.groups = g;
    }
    return g;
  }

  /**
   * Every lot valued by the route of its currency pair and summed, from the totals (lot-groups.ts
   * sumGroups): null when the inventory is small or the totals cannot assure the lot-by-lot sum.
   */
  sumByGroups(routeOf: (currency: string, via: string | null) => GroupRoute): Inventory | null {
    const groups = this.lotGroups();
    if (groups === null) return null;
    const sums = sumGroups(groups, routeOf);
    if (sums === null) return null;
    return Inventory.ofDistinctLots(sums, (i) => (sums as GroupSum[])[i].currency);
  }

  /** Units of every position; lots of one currency merge. */
  units(): Inventory {
    const grouped = this.sumByGroups(unitsRoute);
    if (grouped !== null) return grouped;
    const out = new Inventory();
    for (const l of this.lotValues()) out.addScaled(l.currency, l.currency, null, l.scaled, l.dp);
    return out;
  }

  /** Book value: each position at cost (units x per-unit cost, 28 digits), summed per currency. */
  cost(): Inventory {
    const out = new Inventory();
    for (const l of this.lotValues()) {
      if (l.cost === null) out.addScaled(l.currency, l.currency, null, l.scaled, l.dp);
      else {
        const n = Dec.fromScaled(l.scaled, l.dp).timesRounded(l.cost.number);
        out.addScaled(l.cost.currency, l.cost.currency, null, n.scaled, n.dp);
      }
    }
    return out;
  }

  /** Total units of one currency over all its lots, or null when the inventory holds none. */
  unitsOf(currency: string): Dec | null {
    let total: Dec | null = null;
    for (const l of this.lots.values()) {
      if (l.currency !== currency) continue;
      const n = positionOf(l).units.number;
      total = total === null ? n : total.plus(n);
    }
    return total;
  }

  /** Positions whose units are in `currency`. */
  filterCurrency(currency: string): Inventory {
    const out = new Inventory();
    for (const [key, l] of this.lots) {
      if (l.currency === currency) out.lots.set(key, { ...l, owner: out.token });
    }
    return out;
  }

  /** Same lots with equal numbers (1.0 equals 1.00). */
  equals(other: Inventory): boolean {
    if (this.lots === other.lots) return true;
    if (this.lots.size !== other.lots.size) return false;
    for (const [k, l] of this.lots) {
      const m = other.lots.get(k);
      if (m === undefined || !sameValue(l.scaled, l.dp, m.scaled, m.dp)) return false;
    }
    return true;
  }

  /**
   * Lot keys with value-normalised numbers, in encoding order: equal inventories give equal keys
   * (GROUP BY / DISTINCT hashing).
   */
  hashKey(): string {
    let s = '';
    for (const p of this.positions()) {
      s += lotKey(p.units.currency, p.cost) + '\u0003' + valueText(p.units.number) + '\u0004';
    }
    return s;
  }
}

const unitsRoute = (currency: string): GroupRoute => ({ into: currency, rates: NO_RATES });

/** cost(position): units x per-unit cost in the cost currency (rounded to 28 digits); no cost: the units. */
export function positionCost(p: Position): Amount {
  if (p.cost === null) return p.units;
  return { number: p.units.number.timesRounded(p.cost.number), currency: p.cost.currency };
}
