/**
 * Turns the inventories of a statistic query (units, and the value converted to the operating
 * currency) into the ValuedTotal a page shows (spec 1, statistic rule 2): the total of the parts a
 * price converted, and the parts no price converts kept in their own currency and left out.
 */
import { Dec } from '../../../engine/decimal';
import type { DayNum } from '../../../engine/dates';
import type { Amount, PriceMap } from '../../../engine/ledger/snapshot';
import { Inventory } from '../../../engine/query/inventory';
import { convertInventory } from '../../../engine/query/functions/valuation';
import type { AmountJson, ValuedTotal } from '../../../engine/api-types';

export const amountJson = (a: Amount): AmountJson => ({ number: a.number.toString(), currency: a.currency });

/** Units of an inventory per currency (lots merged), ordered by currency. */
export function unitsList(inv: Inventory | null): AmountJson[] {
  if (inv === null) return [];
  const out: AmountJson[] = [];
  for (const p of inv.units().positions()) out.push(amountJson(p.units));
  return out;
}

/**
 * `units`: the holdings (any lots); `value`: the same converted to `currency` (an inventory of
 * amounts, as convert() returns). Either may be null (a NULL cell: nothing held).
 */
export function valuedTotal(currency: string, units: Inventory | null, value: Inventory | null): ValuedTotal {
  let number = Dec.ZERO;
  const unconverted: AmountJson[] = [];
  if (value !== null) {
    for (const p of value.units().positions()) {
      if (p.units.currency === currency) number = number.plus(p.units.number);
      else unconverted.push(amountJson(p.units));
    }
  }
  return { number: number.toString(), currency, units: unitsList(units), unconverted };
}

/**
 * Converts a balance (lots kept) to `currency` at the prices of `day`: convert() itself, which
 * looks each rate up once per currency pair rather than once per lot (a net worth holds
 * thousands of lots of a few currencies, converted again at every graph point without postings).
 */
export function convertBalance(prices: PriceMap, balance: Inventory, currency: string, day: DayNum): Inventory {
  return convertInventory(prices, balance, currency, day);
}

/** Sum of several totals in one currency (the breakdown total): units and unconverted parts merged. */
export function sumTotals(currency: string, totals: readonly ValuedTotal[]): ValuedTotal {
  let number = Dec.ZERO;
  const units = new Inventory();
  const unconverted = new Inventory();
  for (const t of totals) {
    number = number.plus(Dec.of(t.number));
    for (const a of t.units) units.add({ number: Dec.of(a.number), currency: a.currency });
    for (const a of t.unconverted) unconverted.add({ number: Dec.of(a.number), currency: a.currency });
  }
  return { number: number.toString(), currency, units: unitsList(units), unconverted: unitsList(unconverted) };
}
