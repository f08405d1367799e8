/**
 * Conversion of amounts into a budget's commodity, following the spec's convert(position,
 * currency, date): the direct price (the PriceMap answers in both directions), else two steps
 * through the cost currency of a position held at cost. Each product is rounded to 28
 * significant digits like a price product. Null when no price converts it: the caller leaves
 * the amount out (spec: unconvertible postings or amounts are left out).
 */
import type { Dec } from '../../decimal';
import type { DayNum } from '../../dates';
import type { Amount } from '../ast';
import type { PriceMap } from '../snapshot';

export function convertAt(
  units: Amount,
  costCurrency: string | null,
  target: string,
  date: DayNum,
  prices: PriceMap,
): Dec | null {
  if (units.currency === target) return units.number;
  const direct = prices.rate(units.currency, target, date);
  if (direct !== null) return units.number.timesRounded(direct);
  // Via the cost currency, as Beancount's convert_amount(..., via=(cost currency,)) does; a cost
  // currency equal to the target was the direct attempt already.
  if (costCurrency === null || costCurrency === target || costCurrency === units.currency) return null;
  const first = prices.rate(units.currency, costCurrency, date);
  if (first === null) return null;
  const second = prices.rate(costCurrency, target, date);
  if (second === null) return null;
  return units.number.timesRounded(first).timesRounded(second);
}
