/**
 * Fills the one missing number of a currency group, after Beancount's
 * `booking_full.interpolate_group`: the missing number makes the group's weights sum to zero.
 * - missing units (a posting written without amount): units = -residual (divided by the price or
 *   per-unit cost when it has one), rounded to the currency's inferred tolerance; a zero result
 *   drops the posting, as Beancount does;
 * - missing per-unit cost (`{}` with no lot to join): (-residual - total) / units;
 * - missing price number: |residual / units|.
 * More than one missing number in a group rejects the transaction.
 */
import { Dec } from '../../decimal';
import type { Cost } from '../snapshot';
import type { WorkPosting } from './categorize';
import type { Lot } from './holdings';
import type { LotRow } from './lots';
import { quantize, type Tolerances } from './tolerance';

/** A group member after lot booking, before interpolation. */
export interface Item {
  w: WorkPosting;
  /** Booked rows (units and cost); null while the units are missing. */
  rows: LotRow[] | null;
  missing: 'units' | 'cost' | 'price' | null;
}

export interface Row {
  w: WorkPosting;
  units: Dec;
  cost: Cost | null;
  /** Per-unit price number (currency in w.price). */
  price: Dec | null;
  weight: Dec;
  weightCurrency: string;
  automatic: boolean;
  /** A row taken from an existing lot. */
  reduces: boolean;
  /** The existing lot the row reduces or joins, if any. */
  lot: Lot | undefined;
}

/** Weight of one row: units x cost, else units x price, else units; written totals are kept exact. */
export function rowWeight(w: WorkPosting, units: Dec, cost: Cost | null, price: Dec | null, single: boolean): [Dec, string] {
  if (cost) {
    if (single && w.cost && w.cost.total !== null && w.cost.perUnit === null && !w.cost.noNumber && cost.number.eq(w.cost.total.div(units.abs()) ?? Dec.ZERO)) {
      return [units.isNeg() ? w.cost.total.neg() : w.cost.total, cost.currency];
    }
    return [units.times(cost.number), cost.currency];
  }
  if (w.price && price !== null) {
    if (single && w.price.isTotal && w.price.number !== null) return [units.isNeg() ? w.price.number.neg() : w.price.number, w.price.currency];
    return [units.times(price), w.price.currency];
  }
  return [units, w.currency];
}

function perUnitPrice(w: WorkPosting, units: Dec): Dec | null {
  if (!w.price || w.price.number === null) return null;
  if (!w.price.isTotal) return w.price.number;
  return w.price.number.div(units.abs());
}

function complete(w: WorkPosting, r: LotRow, single: boolean, automatic: boolean): Row {
  const price = perUnitPrice(w, r.units);
  const [weight, weightCurrency] = rowWeight(w, r.units, r.cost, price, single);
  return { w, units: r.units, cost: r.cost, price, weight, weightCurrency, automatic, reduces: r.reduces === true, lot: r.lot };
}

/** A failure names the posting it is about (`index`: the first incomplete one, as Beancount). */
export type Interpolated = { ok: true; rows: Row[] } | { ok: false; message: string; tooMany: boolean; index: number };

export function interpolateGroup(currency: string, items: Item[], tolerances: Tolerances, txnDate: number): Interpolated {
  const incomplete: Item[] = [];
  for (const i of items) if (i.missing !== null) incomplete.push(i);
  if (incomplete.length > 1) return { ok: false, tooMany: true, message: `too many missing numbers for currency group '${currency}'`, index: incomplete[0].w.index };
  const rows: Row[] = [];
  for (const it of items) {
    if (it.missing) continue;
    for (const r of it.rows!) rows.push(complete(it.w, r, it.rows!.length === 1, false));
  }
  if (incomplete.length === 0) return { ok: true, rows };
  let residual = Dec.ZERO;
  for (const row of rows) if (row.weightCurrency === currency) residual = residual.plus(row.weight);

  const it = incomplete[0];
  const w = it.w;
  const weight = residual.neg();
  let row: Row | null = null;
  if (it.missing === 'units') {
    let units: Dec | null;
    let cost: Cost | null = null;
    if (w.cost) {
      const per = w.cost.perUnit;
      if (per === null || per.isZero()) return { ok: false, tooMany: false, message: `cannot infer the units of ${w.ast.account} from a total cost only`, index: w.index };
      units = weight.minus(w.cost.total ?? Dec.ZERO).div(per);
      if (units) units = quantize(tolerances.get(w.currency), units);
      if (units && !units.isZero()) {
        const total = w.cost.total;
        const number = total !== null ? per.plus(total.div(units.abs()) ?? Dec.ZERO) : per;
        cost = { number, currency: w.cost.currency, date: w.cost.date ?? txnDate, label: w.cost.label };
      }
    } else if (w.price) {
      if (w.price.isTotal || w.price.number === null || w.price.number.isZero()) return { ok: false, tooMany: false, message: `cannot infer the units of ${w.ast.account} from its price`, index: w.index };
      units = weight.div(w.price.number);
      if (units) units = quantize(tolerances.get(w.currency), units);
    } else {
      units = quantize(tolerances.get(w.currency), weight);
    }
    if (units && !weight.isZero()) row = complete(w, { units, cost }, true, w.auto);
  } else if (it.missing === 'cost') {
    const units = w.number!;
    if (!units.isZero()) {
      const number = weight.minus(w.cost!.total ?? Dec.ZERO).div(units)!;
      row = complete(w, { units, cost: { number, currency: w.cost!.currency, date: w.cost!.date ?? txnDate, label: w.cost!.label } }, true, false);
    }
  } else {
    const units = w.number!;
    if (w.cost) return { ok: false, tooMany: false, message: `cannot infer a price for ${w.ast.account}, which is held at cost`, index: w.index };
    if (units.isZero()) return { ok: false, tooMany: false, message: `cannot infer a price for zero units in ${w.ast.account}`, index: w.index };
    const price = weight.div(units)!.abs();
    row = { w, units, cost: null, price, weight: units.times(price), weightCurrency: w.price!.currency, automatic: false, reduces: false, lot: undefined };
  }
  if (row) rows.push(row);
  return { ok: true, rows };
}
