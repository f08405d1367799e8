/**
 * The generator's own exact bookkeeping: running units per account and currency, and the lots
 * held at cost. The generator consults it so every balance assertion it writes holds and no sale
 * exceeds holdings. Exact decimals only (Dec), like the engine.
 */
import { Dec } from '../../engine/decimal';
import type { DayNum } from '../../engine/dates';

export interface Lot {
  units: Dec;
  /** Per-unit cost in `costCurrency`. */
  cost: Dec;
  costCurrency: string;
  date: DayNum;
  label: string | null;
}

/** Units taken from one lot by a sale. */
export interface Taken {
  lot: Lot;
  units: Dec;
}

export class Book {
  private readonly units = new Map<string, Map<string, Dec>>();
  private readonly lots = new Map<string, Lot[]>();

  add(account: string, currency: string, amount: Dec): void {
    let byCur = this.units.get(account);
    if (!byCur) this.units.set(account, (byCur = new Map()));
    const prev = byCur.get(currency);
    byCur.set(currency, prev ? prev.plus(amount) : amount);
  }

  balance(account: string, currency: string): Dec {
    return this.units.get(account)?.get(currency) ?? Dec.ZERO;
  }

  /** Augments a lot; an identical lot (cost, currency, date, label) grows instead (Beancount merges them). */
  buy(account: string, currency: string, units: Dec, cost: Dec, costCurrency: string, date: DayNum, label: string | null): void {
    this.add(account, currency, units);
    let list = this.lots.get(account);
    if (!list) this.lots.set(account, (list = []));
    for (const lot of list) {
      if (lot.date === date && lot.label === label && lot.costCurrency === costCurrency && lot.cost.eq(cost)) {
        lot.units = lot.units.plus(units);
        return;
      }
    }
    list.push({ units, cost, costCurrency, date, label });
  }

  heldLots(account: string): readonly Lot[] {
    return this.lots.get(account) ?? [];
  }

  /** Reduces oldest lots first (FIFO; lots are kept in date order) by `units` (> 0); the caller checks holdings. */
  sellFifo(account: string, currency: string, units: Dec): Taken[] {
    const list = this.lots.get(account) ?? [];
    const taken: Taken[] = [];
    let left = units;
    while (left.isPos()) {
      const lot = list[0];
      if (!lot) throw new Error(`generator bug: selling ${units} ${currency} beyond holdings of ${account}`);
      const take = lot.units.cmp(left) <= 0 ? lot.units : left;
      taken.push({ lot: { ...lot }, units: take });
      lot.units = lot.units.minus(take);
      left = left.minus(take);
      if (lot.units.isZero()) list.shift();
    }
    this.add(account, currency, units.neg());
    return taken;
  }

  /** Reduces one named lot (STRICT booking with the lot's cost and date written). */
  sellLot(account: string, currency: string, lot: Lot, units: Dec): void {
    const list = this.lots.get(account) ?? [];
    const i = list.indexOf(lot);
    if (i < 0 || lot.units.cmp(units) < 0) throw new Error(`generator bug: lot of ${account} cannot cover ${units}`);
    lot.units = lot.units.minus(units);
    if (lot.units.isZero()) list.splice(i, 1);
    this.add(account, currency, units.neg());
  }
}
