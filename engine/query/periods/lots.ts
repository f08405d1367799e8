/**
 * The balances the period clauses summarize: lot inventories that remember the order lots first
 * appeared in, as Beancount's Inventory (a dict keyed by (currency, cost)) does.
 *
 * Why not engine/query/inventory.ts: that one hands positions out in encoding order, while the
 * synthetic transactions list lots (and the conversion postings list currencies) in the order
 * Beancount's `get_positions()` yields them, i.e. insertion order, a lot that went to zero and
 * came back counting as new. A JS Map has exactly these semantics (delete, then set appends).
 */
import { Dec, EXACT_PRODUCT_BELOW, pow10 } from '../../decimal';
import { formatDate } from '../../dates';
import type { Amount, Cost, Position } from '../../ledger/snapshot';
import { costLotKey, positionCost } from '../inventory';
import type { PositionColumns, PositionSum } from '../execute/position-sums';
import type { LotIds } from '../execute/lot-ids';

/**
 * Cost numbers are keyed by value (`500` and `500.00` are one lot, as Python's Decimal hashes):
 * the query inventory's lot key.
 */
function lotKey(currency: string, cost: Cost | null): string {
  return cost === null ? currency : costLotKey(currency, cost);
}

/** A lot being summed: mutated in place (rows are summed by the hundred thousand). */
interface Lot {
  number: Dec;
  currency: string;
  cost: Cost | null;
}

export class LotBalance {
  /**
   * Lots by lot key; a balance made from a sum (ofSum) keys its lots at cost by their lot id
   * instead (a number: no key text built and hashed for each of thousands of lots), until an
   * add at cost needs the text keys (`ids`, then null).
   */
  private lots = new Map<string | number, Lot>();
  private ids: PositionColumns | null = null;
  /**
   * The sum of ofSum while its lots are not made yet: OPEN ON only reads most balances (their
   * positions for the S rows, the total at cost for the conversions), and a lot record and a
   * Dec per lot (11,600 on the xlarge bench ledger, twice) were a fifth of its time.
   */
  private sum: PositionSum | null = null;

  /**
   * The balance a PositionSum over the columns `cols` holds: both follow Inventory.add_amount
   * (the cost and first places of the row that made a lot, a lot gone at zero and appended
   * afresh), so the lots, numbers and order are the ones adding each row here would give.
   */
  static ofSum(sum: PositionSum, cols: PositionColumns): LotBalance {
    const out = new LotBalance();
    out.ids = cols;
    out.sum = sum;
    return out;
  }

  /** The lots, made from the pending sum on first use. */
  private made(): Map<string | number, Lot> {
    const sum = this.sum;
    if (sum !== null) {
      const cols = this.ids!;
      sum.lots.forEach((l, id) => {
        const currency = cols.currency[id];
        // A lot without cost is keyed by its currency, as lotKey keys it.
        this.lots.set(l.cost === null ? currency : id, { number: Dec.fromScaled(l.big ?? l.n, l.dp), currency, cost: l.cost });
      });
      this.sum = null;
    }
    return this.lots;
  }

  /** Every lot keyed by its lot key text, in the same order. */
  private keyed(): Map<string | number, Lot> {
    this.made();
    const cols = this.ids;
    if (cols !== null) {
      const keyed = new Map<string | number, Lot>();
      this.lots.forEach((l, k) => keyed.set(typeof k === 'number' ? cols.lots.keyOf(k) : k, l));
      this.lots = keyed;
      this.ids = null;
    }
    return this.lots;
  }

  /** Beancount's Inventory.add_amount: a zero sum removes the lot, a zero addition to no lot adds nothing. */
  add(number: Dec, currency: string, cost: Cost | null): void {
    const key = lotKey(currency, cost);
    const lots = cost === null ? this.made() : this.keyed();
    const lot = lots.get(key);
    if (lot === undefined) {
      if (!number.isZero()) lots.set(key, { number, currency, cost });
      return;
    }
    const sum = lot.number.plus(number);
    if (sum.isZero()) lots.delete(key);
    else lot.number = sum;
  }

  addPosition(p: Position): void {
    this.add(p.units.number, p.units.currency, p.cost);
  }

  /**
   * The lot id in `table` of each lot, in the order of positions(): the key of a lot at cost
   * made by ofSum over that table's columns (a pending sum's ids, plain lots included), else
   * looked up (plain lots by currency).
   */
  lotIds(table: LotIds): number[] {
    const own = this.ids !== null && this.ids.lots === table;
    if (own && this.sum !== null) return Array.from(this.sum.lots.keys());
    const out: number[] = [];
    this.lots.forEach((l, k) => {
      if (own && typeof k === 'number') out.push(k);
      else out.push(l.cost === null ? table.plainId(l.currency) : table.costId(l.currency, l.cost));
    });
    return out;
  }

  isEmpty(): boolean {
    return this.sum !== null ? this.sum.lots.size === 0 : this.lots.size === 0;
  }

  /** Positions in insertion order (Beancount's get_positions()). */
  positions(): Position[] {
    const out: Position[] = [];
    const sum = this.sum;
    if (sum !== null) {
      const currency = this.ids!.currency;
      sum.lots.forEach((l, id) => out.push({ units: { number: Dec.fromScaled(l.big ?? l.n, l.dp), currency: currency[id] }, cost: l.cost }));
    } else for (const l of this.lots.values()) out.push({ units: { number: l.number, currency: l.currency }, cost: l.cost });
    return out;
  }

  /**
   * `reduce(convert.get_cost)`: every lot at its cost (units x per-unit cost, 28 digits), summed
   * per currency in the order the currencies first appear (a currency summing to zero leaves and
   * comes back last with the places of its next amount, as `add` keeps them). Summed on the
   * scaled integers: OPEN ON's conversions value every lot of the ledger (about 11,000 on the
   * xlarge bench ledger), and a Position, Amount and two Decs per lot were most of that.
   */
  atCost(): LotBalance {
    const sums = new Map<string, { scaled: bigint; dp: number }>();
    const add = (n: bigint, ndp: number, units: string, cost: Cost | null): void => {
      let scaled: bigint;
      let dp: number;
      let currency: string;
      if (cost === null) {
        scaled = n;
        dp = ndp;
        currency = units;
      } else {
        const m = n * cost.number.scaled;
        // Under 28 digits the exact product is timesRounded's (decimal.ts EXACT_PRODUCT_BELOW).
        if (m < EXACT_PRODUCT_BELOW && m > -EXACT_PRODUCT_BELOW) {
          scaled = m;
          dp = ndp + cost.number.dp;
        } else {
          const c = Dec.fromScaled(n, ndp).timesRounded(cost.number);
          scaled = c.scaled;
          dp = c.dp;
        }
        currency = cost.currency;
      }
      const prev = sums.get(currency);
      if (prev === undefined) {
        if (scaled !== 0n) sums.set(currency, { scaled, dp });
        return;
      }
      // Dec.plus: the larger places, the other number scaled up to them.
      const sum = prev.dp >= dp ? prev.scaled + scaled * pow10(prev.dp - dp) : prev.scaled * pow10(dp - prev.dp) + scaled;
      if (sum === 0n) sums.delete(currency);
      else {
        prev.scaled = sum;
        if (dp > prev.dp) prev.dp = dp;
      }
    };
    const pending = this.sum;
    if (pending !== null) {
      const currency = this.ids!.currency;
      pending.lots.forEach((l, id) => add(l.big ?? BigInt(l.n), l.dp, currency[id], l.cost));
    } else for (const l of this.lots.values()) add(l.number.scaled, l.number.dp, l.currency, l.cost);
    const out = new LotBalance();
    sums.forEach((v, currency) => out.lots.set(currency, { number: Dec.fromScaled(v.scaled, v.dp), currency, cost: null }));
    return out;
  }

  /** Beancount's `str(Inventory)`: positions sorted by Position.sortkey, e.g. `(-10 USD, 5 HOOL {90 USD, 2020-01-02})`. */
  toString(): string {
    const sorted = this.positions();
    // Array.prototype.sort is stable, like Python's sorted: full ties keep insertion order.
    sorted.sort(compareSortkey);
    return '(' + sorted.map(positionString).join(', ') + ')';
  }
}

/** Beancount's CURRENCY_ORDER: majors first, then other currencies by length only. */
const CURRENCY_ORDER = new Map(['USD', 'EUR', 'JPY', 'CAD', 'GBP', 'AUD', 'NZD', 'CHF'].map((c, i) => [c, i]));
const rank = (c: string) => CURRENCY_ORDER.get(c) ?? CURRENCY_ORDER.size + c.length;

/** Position.sortkey(): (currency rank, cost number or 0, cost currency or '', units number). */
function compareSortkey(a: Position, b: Position): number {
  const r = rank(a.units.currency) - rank(b.units.currency);
  if (r !== 0) return r;
  const n = (a.cost ? a.cost.number : Dec.ZERO).cmp(b.cost ? b.cost.number : Dec.ZERO);
  if (n !== 0) return n;
  const ca = a.cost ? a.cost.currency : '';
  const cb = b.cost ? b.cost.currency : '';
  if (ca !== cb) return ca < cb ? -1 : 1;
  return a.units.number.cmp(b.units.number);
}

const amountString = (a: Amount) => a.number.toString() + ' ' + a.currency;

/** Position.to_string(): `5 HOOL {90.00 USD, 2020-01-02, "label"}`. */
function positionString(p: Position): string {
  const units = amountString(p.units);
  const c = p.cost;
  if (c === null) return units;
  return units + ' {' + amountString({ number: c.number, currency: c.currency }) + ', ' + formatDate(c.date) + (c.label ? `, "${c.label}"` : '') + '}';
}
