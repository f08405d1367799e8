/**
 * What one account holds while the ledger is booked: units per currency, and the lots held at
 * cost in the order they were opened (a lot emptied and opened again goes to the end, as in
 * Beancount's inventory). Mutated only by the booking walk; the snapshot never exposes it.
 */
import { Dec } from '../../decimal';
import type { Cost } from '../snapshot';

export interface Lot {
  currency: string;
  units: Dec;
  cost: Cost;
  /** Increasing creation number: the tie-breaker for lots of one date (FIFO/LIFO). */
  serial: number;
}

let serials = 0;

/** Identity of a lot: units currency plus every cost field (numbers compared by value). */
export function lotKey(currency: string, cost: Cost): string {
  return currency + '|' + cost.number.v.toString() + '|' + cost.currency + '|' + cost.date + '|' + (cost.label ?? '\u0000');
}

export class Holdings {
  /** Units per currency, lots included. */
  readonly units = new Map<string, Dec>();
  /** Lots at cost, insertion order. */
  readonly lots = new Map<string, Lot>();

  add(currency: string, units: Dec, cost: Cost | null): void {
    const prev = this.units.get(currency);
    const next = prev ? prev.plus(units) : units;
    if (next.isZero()) this.units.delete(currency);
    else this.units.set(currency, next);
    if (!cost) return;
    const k = lotKey(currency, cost);
    const lot = this.lots.get(k);
    if (lot) {
      const u = lot.units.plus(units);
      if (u.isZero()) this.lots.delete(k);
      else lot.units = u;
    } else if (!units.isZero()) {
      this.lots.set(k, { currency, units, cost, serial: serials++ });
    }
  }

  /** Units currencies held (non-zero). */
  currencies(): string[] {
    return [...this.units.keys()];
  }

  /** Cost currencies of the lots held. */
  costCurrencies(): string[] {
    const s = new Set<string>();
    for (const l of this.lots.values()) s.add(l.cost.currency);
    return [...s];
  }

  isEmpty(): boolean {
    return this.units.size === 0;
  }
}
