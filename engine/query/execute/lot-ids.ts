/**
 * Lot ids for the per-row columns (position-sums.ts): the same lots as Inventory's lot keys
 * (inventory.ts costLotKey: units currency, cost number by value, cost currency, date, label),
 * found without building a key text per row. On a 320k-posting ledger with 23k rows at cost, a
 * key text per cost row (its number's text, five parts joined, then hashed by the map) was about
 * a third of the columns' cost, paid by the first query after a load. Here a row at cost is
 * looked up by numbers: currency and label ids, the date, and its cost number as the scaled
 * integer without trailing zeros and its places (one pair per value: 500 = 500.00), in an
 * open-addressing table. A lot's key text is built when first asked for (keyOf), once per lot,
 * and only for the lots a sum or running balance hands to an Inventory.
 *
 * A cost number whose scaled integer is not safe even without its trailing zeros is looked up
 * by its key text instead (exact, rare): its value differs from every number of the table.
 */
import type { Cost } from '../../ledger/snapshot';
import { costLotKey } from '../inventory';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export class LotIds {
  /** Units currency of each lot. */
  readonly currency: string[] = [];
  /** Cost of each lot (of its first row), null for a lot without cost. */
  readonly cost: (Cost | null)[] = [];
  /** Lot key of each lot, built on demand: read through keyOf. */
  private readonly keys: (string | undefined)[] = [];

  private readonly plain = new Map<string, number>();
  /** Small ids of currencies and labels, the parts of a table entry. */
  private readonly names = new Map<string, number>();
  /** Lots at cost whose number has no safe integer form, by key text. */
  private readonly byText = new Map<string, number>();

  // The table: slot -> lot id + 1 (0 = empty); the parts of each lot at cost in the table, by lot id.
  private slots: Int32Array;
  private used = 0;
  private readonly partCurrency: number[] = [];
  private readonly partCostCurrency: number[] = [];
  private readonly partLabel: number[] = [];
  private readonly partDate: number[] = [];
  private readonly partNumber: number[] = [];
  private readonly partPlaces: number[] = [];

  /**
   * `hashOf`: the table's hash (tests pass a constant one, so that every lot is compared part by
   * part). `costRows`: how many rows at cost will be looked up, when known: the table starts big
   * enough for that many lots, rather than doubling and placing every lot again five times on the
   * way to the 13k lots at cost of the xlarge bench ledger (a first query's columns).
   */
  constructor(
    private readonly hashOf: typeof hash = hash,
    costRows = 0,
  ) {
    let size = 1024;
    while (costRows * 2 >= size) size *= 2;
    this.slots = new Int32Array(size);
  }

  get size(): number {
    return this.currency.length;
  }

  /** The lot of a position without cost. */
  plainId(currency: string): number {
    let id = this.plain.get(currency);
    if (id === undefined) {
      id = this.add(currency, null);
      this.plain.set(currency, id);
      this.keys[id] = currency;
    }
    return id;
  }

  /** The lot of a position at cost. */
  costId(currency: string, cost: Cost): number {
    const d = cost.number;
    let dp = d.dp;
    const raw = d.raw;
    let x: number;
    if (typeof raw === 'number') x = raw;
    else {
      // Trailing zeros may bring it into range (5.000000000000000000 is 5): the same pair as a
      // safe number of that value. Else the key text.
      let s = raw;
      while (dp > 0 && s % 10n === 0n) {
        s /= 10n;
        dp--;
      }
      if (s > MAX_SAFE || s < -MAX_SAFE) return this.textId(currency, cost);
      x = Number(s);
    }
    while (dp > 0 && x % 10 === 0) {
      x /= 10;
      dp--;
    }
    // -0 and 0 are one value (x % 10 === 0 strips every place of a zero).
    if (x === 0) x = 0;
    const c = this.nameId(currency);
    const cc = this.nameId(cost.currency);
    const label = cost.label === null ? -1 : this.nameId(cost.label);
    const date = cost.date;
    const mask = this.slots.length - 1;
    let h = this.hashOf(c, cc, label, date, x, dp) & mask;
    for (;;) {
      const e = this.slots[h];
      if (e === 0) break;
      const id = e - 1;
      if (
        this.partDate[id] === date &&
        this.partNumber[id] === x &&
        this.partPlaces[id] === dp &&
        this.partCurrency[id] === c &&
        this.partCostCurrency[id] === cc &&
        this.partLabel[id] === label
      ) {
        return id;
      }
      h = (h + 1) & mask;
    }
    const id = this.add(currency, cost);
    this.partCurrency[id] = c;
    this.partCostCurrency[id] = cc;
    this.partLabel[id] = label;
    this.partDate[id] = date;
    this.partNumber[id] = x;
    this.partPlaces[id] = dp;
    this.slots[h] = id + 1;
    if (++this.used * 2 > this.slots.length) this.grow();
    return id;
  }

  /**
   * A table of this one's first `count` lots, with the same ids: for a reload's kept rows
   * (carried-rows.ts), whose lots are the first ones (ids are given in order of first row). A copy
   * of the parts, the slots placed again as grow() places them (adding the 13k lots of the xlarge
   * bench ledger one by one again was 7-12 ms of the first query after a save).
   */
  prefix(count: number): LotIds {
    const out = new LotIds(this.hashOf);
    for (let id = 0; id < count; id++) {
      out.currency.push(this.currency[id]);
      out.cost.push(this.cost[id]);
      out.keys.push(this.keys[id]);
      out.partCurrency.push(this.partCurrency[id]);
      out.partCostCurrency.push(this.partCostCurrency[id]);
      out.partLabel.push(this.partLabel[id]);
      out.partDate.push(this.partDate[id]);
      out.partNumber.push(this.partNumber[id]);
      out.partPlaces.push(this.partPlaces[id]);
    }
    for (const [k, id] of this.plain) if (id < count) out.plain.set(k, id);
    for (const [k, id] of this.byText) if (id < count) out.byText.set(k, id);
    // Name ids are the table's own (parts compare them): every name keeps its id.
    for (const [k, id] of this.names) out.names.set(k, id);
    let size = 1024;
    while (size < this.slots.length && (count + 1) * 2 > size) size *= 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    let used = 0;
    for (let i = 0; i < this.slots.length; i++) {
      const e = this.slots[i];
      if (e === 0 || e > count) continue;
      const id = e - 1;
      let h = this.hashOf(this.partCurrency[id], this.partCostCurrency[id], this.partLabel[id], this.partDate[id], this.partNumber[id], this.partPlaces[id]) & mask;
      while (slots[h] !== 0) h = (h + 1) & mask;
      slots[h] = e;
      used++;
    }
    out.slots = slots;
    out.used = used;
    return out;
  }

  /** The Inventory lot key of a lot (lotKey(currency, cost)). */
  keyOf(id: number): string {
    let k = this.keys[id];
    if (k === undefined) this.keys[id] = k = costLotKey(this.currency[id], this.cost[id]!);
    return k;
  }

  private textId(currency: string, cost: Cost): number {
    const k = costLotKey(currency, cost);
    let id = this.byText.get(k);
    if (id === undefined) {
      id = this.add(currency, cost);
      this.byText.set(k, id);
      this.keys[id] = k;
    }
    return id;
  }

  private nameId(name: string): number {
    let id = this.names.get(name);
    if (id === undefined) this.names.set(name, (id = this.names.size));
    return id;
  }

  private add(currency: string, cost: Cost | null): number {
    this.currency.push(currency);
    this.cost.push(cost);
    this.keys.push(undefined);
    return this.currency.length - 1;
  }

  /** Twice the slots, every lot of the table placed again. */
  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = slots.length - 1;
    for (let i = 0; i < old.length; i++) {
      const e = old[i];
      if (e === 0) continue;
      const id = e - 1;
      let h = this.hashOf(this.partCurrency[id], this.partCostCurrency[id], this.partLabel[id], this.partDate[id], this.partNumber[id], this.partPlaces[id]) & mask;
      while (slots[h] !== 0) h = (h + 1) & mask;
      slots[h] = e;
    }
    this.slots = slots;
  }
}

/** A 32-bit mix of a table entry's parts (x: a safe integer, split into its two 32-bit halves). */
export function hash(c: number, cc: number, label: number, date: number, x: number, dp: number): number {
  let h = Math.imul(date ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (x | 0), 0xc2b2ae35);
  h = Math.imul(h ^ Math.floor(x / 4294967296), 0x27d4eb2f);
  h = Math.imul(h ^ (c << 16) ^ cc ^ (label << 8) ^ (dp << 24), 0x165667b1);
  return (h ^ (h >>> 15)) >>> 0;
}
