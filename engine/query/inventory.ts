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
 * Running balances add one position per row over hundreds of thousands of rows, so `add` is a
 * Map update (O(1) amortised) and `clone` is copy-on-write: it shares the map, and whichever
 * side mutates next copies it first. Stored positions are immutable objects, so `positions()`
 * hands them out without copying.
 */
import { Dec } from '../decimal';
import type { Amount, Cost, Position } from '../ledger/snapshot';

/** Lot key: the currency alone for positions without cost (no allocation in the common case). */
function lotKey(currency: string, cost: Cost | null): string {
  if (cost === null) return currency;
  // \u0001 cannot occur in a currency; labels go last so any text in them is harmless.
  return (
    currency +
    '\u0001' +
    cost.number.v.toString() +
    '\u0001' +
    cost.currency +
    '\u0001' +
    cost.date +
    (cost.label === null ? '\u0001' : '\u0002' + cost.label)
  );
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

export class Inventory {
  private lots: Map<string, Position>;
  /** The map is also referenced by a clone: copy it before the next mutation. */
  private shared = false;
  /** positions() in encoding order, until the next mutation. */
  private sorted: Position[] | null = null;

  constructor(positions?: Iterable<Position | Amount>) {
    this.lots = new Map();
    if (positions) for (const p of positions) this.add(p);
  }

  static empty(): Inventory {
    return new Inventory();
  }

  private writable(): Map<string, Position> {
    if (this.shared) {
      this.lots = new Map(this.lots);
      this.shared = false;
    }
    this.sorted = null;
    return this.lots;
  }

  /** Adds a position (anything with units and cost, e.g. a booked Posting) or an amount (no cost). */
  add(x: Position | Amount): this {
    if (isPosition(x)) this.addLot(x.units.number, x.units.currency, x.cost);
    else this.addLot(x.number, x.currency, null);
    return this;
  }

  /** Adds only the units of a position, without its lot (units() accumulation). */
  addUnits(x: Position | Amount): this {
    const a = isPosition(x) ? x.units : x;
    this.addLot(a.number, a.currency, null);
    return this;
  }

  addLot(number: Dec, currency: string, cost: Cost | null): this {
    const key = lotKey(currency, cost);
    const prev = this.lots.get(key);
    if (prev === undefined) {
      if (number.isZero()) return this;
      this.writable().set(key, { units: { number, currency }, cost });
      return this;
    }
    const sum = prev.units.number.plus(number);
    const lots = this.writable();
    if (sum.isZero()) lots.delete(key);
    else lots.set(key, { units: { number: sum, currency }, cost: prev.cost });
    return this;
  }

  addInventory(other: Inventory): this {
    for (const p of other.lots.values()) this.addLot(p.units.number, p.units.currency, p.cost);
    return this;
  }

  /** O(1): shares storage until either side changes. */
  clone(): Inventory {
    const c = new Inventory();
    c.lots = this.lots;
    c.sorted = this.sorted;
    c.shared = this.shared = true;
    return c;
  }

  get size(): number {
    return this.lots.size;
  }

  isEmpty(): boolean {
    return this.lots.size === 0;
  }

  /** Positions in encoding order (units currency, then cost, no cost first). Do not mutate. */
  positions(): readonly Position[] {
    if (this.sorted === null) {
      const arr = Array.from(this.lots.values());
      if (arr.length > 1) arr.sort(compareEncodingOrder);
      this.sorted = arr;
    }
    return this.sorted;
  }

  /** A new inventory with every position mapped (zero results drop out). */
  map(fn: (p: Position) => Position | Amount): Inventory {
    const out = new Inventory();
    for (const p of this.lots.values()) out.add(fn(p));
    return out;
  }

  neg(): Inventory {
    return this.map((p) => ({ units: { number: p.units.number.neg(), currency: p.units.currency }, cost: p.cost }));
  }

  abs(): Inventory {
    return this.map((p) =>
      p.units.number.isNeg() ? { units: { number: p.units.number.neg(), currency: p.units.currency }, cost: p.cost } : p,
    );
  }

  /** Units of every position; lots of one currency merge. */
  units(): Inventory {
    const out = new Inventory();
    for (const p of this.lots.values()) out.addLot(p.units.number, p.units.currency, null);
    return out;
  }

  /** Book value: each position at cost (units x per-unit cost, 28 digits), summed per currency. */
  cost(): Inventory {
    const out = new Inventory();
    for (const p of this.lots.values()) {
      const a = positionCost(p);
      out.addLot(a.number, a.currency, null);
    }
    return out;
  }

  /** Total units of one currency over all its lots, or null when the inventory holds none. */
  unitsOf(currency: string): Dec | null {
    let total: Dec | null = null;
    for (const p of this.lots.values()) {
      if (p.units.currency === currency) total = total === null ? p.units.number : total.plus(p.units.number);
    }
    return total;
  }

  /** Positions whose units are in `currency`. */
  filterCurrency(currency: string): Inventory {
    const out = new Inventory();
    for (const p of this.lots.values()) if (p.units.currency === currency) out.add(p);
    return out;
  }

  /** Same lots with equal numbers (1.0 equals 1.00). */
  equals(other: Inventory): boolean {
    if (this.lots === other.lots) return true;
    if (this.lots.size !== other.lots.size) return false;
    for (const [k, p] of this.lots) {
      const q = other.lots.get(k);
      if (q === undefined || !q.units.number.eq(p.units.number)) return false;
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
      s += lotKey(p.units.currency, p.cost) + '\u0003' + p.units.number.v.toString() + '\u0004';
    }
    return s;
  }
}

/** cost(position): units x per-unit cost in the cost currency (rounded to 28 digits); no cost: the units. */
export function positionCost(p: Position): Amount {
  if (p.cost === null) return p.units;
  return { number: p.units.number.timesRounded(p.cost.number), currency: p.cost.currency };
}
