/**
 * What one account holds while the ledger is booked: units per currency, and the lots held at
 * cost. Lots of a currency are kept sorted oldest first (lot date, then the order they were
 * opened), the order FIFO takes them in, so a reduction walks only the lots it takes instead of
 * sorting every lot of the account each time. Mutated only by the booking walk; the snapshot never
 * exposes it.
 */
import type { Dec } from '../../decimal';
import { UnitsSum } from './units-sum';
import type { Cost } from '../snapshot';

export interface Lot {
  currency: string;
  units: Dec;
  cost: Cost;
  /** Increasing creation number: the tie-breaker for lots of one date (FIFO/LIFO). */
  serial: number;
  key: string;
}

let serials = 0;

/** Identity of a lot: units currency plus every cost field (numbers compared by value). */
export function lotKey(currency: string, cost: Cost): string {
  return currency + '|' + canonical(cost.number) + '|' + cost.currency + '|' + cost.date + '|' + (cost.label ?? '\u0000');
}

/** The value without trailing zeros (100.00 and 100 are the same cost). */
export function canonical(d: Dec): string {
  const s = d.toString();
  if (d.dp === 0) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}

const older = (a: Lot, b: Lot) => a.cost.date - b.cost.date || a.serial - b.serial;

export class Holdings {
  /** Units per currency, lots included (zero sums are removed). */
  private readonly sums = new Map<string, UnitsSum>();
  private readonly byKey = new Map<string, Lot>();
  private readonly byCurrency = new Map<string, Lot[]>();
  /**
   * Lots with negative units per currency: whether a posting reduces is then known without
   * walking every lot (an account buying the same stock for years holds hundreds of lots).
   */
  private readonly negatives = new Map<string, number>();

  /** Adds units (negative to reduce); `lot`, when known, is the lot the row was taken from. */
  add(currency: string, units: Dec, cost: Cost | null, lot?: Lot): void {
    let sum = this.sums.get(currency);
    if (sum === undefined) this.sums.set(currency, (sum = new UnitsSum()));
    sum.add(units);
    if (sum.isZero()) this.sums.delete(currency);
    if (!cost) return;
    // The key text is built once: a new lot (every purchase) looked it up and then built it again.
    let key: string | null = null;
    const target = lot && this.byKey.get(lot.key) === lot ? lot : this.byKey.get((key = lotKey(currency, cost)));
    if (target) {
      const u = target.units.plus(units);
      if (u.isZero()) this.remove(target);
      else {
        if (u.isNeg() !== target.units.isNeg()) this.countNegative(currency, u.isNeg() ? 1 : -1);
        target.units = u;
      }
    } else if (!units.isZero()) {
      this.insert({ currency, units, cost, serial: serials++, key: key ?? lotKey(currency, cost) });
    }
  }

  private countNegative(currency: string, delta: number): void {
    this.negatives.set(currency, (this.negatives.get(currency) ?? 0) + delta);
  }

  private insert(lot: Lot): void {
    if (lot.units.isNeg()) this.countNegative(lot.currency, 1);
    this.byKey.set(lot.key, lot);
    let list = this.byCurrency.get(lot.currency);
    if (!list) this.byCurrency.set(lot.currency, (list = []));
    let i = list.length;
    while (i > 0 && older(lot, list[i - 1]) < 0) i--;
    list.splice(i, 0, lot);
  }

  private remove(lot: Lot): void {
    if (lot.units.isNeg()) this.countNegative(lot.currency, -1);
    this.byKey.delete(lot.key);
    const list = this.byCurrency.get(lot.currency)!;
    list.splice(list.indexOf(lot), 1);
    if (list.length === 0) this.byCurrency.delete(lot.currency);
  }

  /** Lots of a currency, oldest first (do not modify). */
  lotsOf(currency: string): readonly Lot[] {
    return this.byCurrency.get(currency) ?? [];
  }

  /** Is some lot of the currency held with units of this sign? */
  hasLotOfSign(currency: string, sign: 1 | -1): boolean {
    const list = this.byCurrency.get(currency);
    if (list === undefined) return false;
    const neg = this.negatives.get(currency) ?? 0;
    return sign < 0 ? neg > 0 : list.length > neg;
  }

  /** Every lot, grouped by currency. */
  *allLots(): Iterable<Lot> {
    for (const list of this.byCurrency.values()) yield* list;
  }

  /** Units currencies held (non-zero). */
  currencies(): string[] {
    return [...this.sums.keys()];
  }

  /** Units of a currency held, or undefined when none (zero). */
  unitsOf(currency: string): Dec | undefined {
    return this.sums.get(currency)?.value();
  }

  /** Every currency held with its units (non-zero), in the order first held. */
  allUnits(): [string, Dec][] {
    return [...this.sums].map(([c, sum]) => [c, sum.value()]);
  }

  /** Cost currencies of the lots held. */
  costCurrencies(): string[] {
    const s = new Set<string>();
    for (const l of this.allLots()) s.add(l.cost.currency);
    return [...s];
  }

  isEmpty(): boolean {
    return this.sums.size === 0;
  }

  /**
   * An independent copy (booking/resume.ts checkpoints): lots are copied because booking changes
   * a lot's units in place; units, costs and serials are immutable values and shared.
   */
  clone(): Holdings {
    const h = new Holdings();
    for (const [c, sum] of this.sums) h.sums.set(c, sum.copy());
    for (const [c, list] of this.byCurrency) {
      const copies: Lot[] = new Array(list.length);
      for (let i = 0; i < list.length; i++) {
        const l = list[i];
        const copy: Lot = { currency: l.currency, units: l.units, cost: l.cost, serial: l.serial, key: l.key };
        copies[i] = copy;
        h.byKey.set(copy.key, copy);
      }
      h.byCurrency.set(c, copies);
    }
    for (const [c, n] of this.negatives) h.negatives.set(c, n);
    return h;
  }
}
