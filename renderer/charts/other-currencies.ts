/**
 * What a one-currency chart leaves out: the amounts of a column in other currencies (no price
 * converts them, or the statement is in units), named in the bar's tooltip rather than dropped
 * silently (issue 17 §1: unconvertible amounts named as such).
 */
import type { AmountJson } from '../../engine/api-types';
import { Dec } from '../../engine/decimal';
import { formatAmount } from '../lib/cells';

/**
 * `-18,500.00 IRAUSD, -15 VACHR not in USD`, or '' when the column holds only `currency`.
 * `turn`: the chart shows this series with its sign turned (income as earned), so the note does too.
 */
export function otherCurrenciesText(list: readonly AmountJson[], currency: string, turn = false): string {
  const others: AmountJson[] = [];
  for (const a of list) {
    if (a.currency === currency) continue;
    const n = Dec.parse(a.number);
    if (n === null || n.isZero()) continue;
    others.push({ number: (turn ? n.neg() : n).toString(), currency: a.currency });
  }
  return others.length === 0 ? '' : `${others.map(formatAmount).join(', ')} not in ${currency}`;
}
