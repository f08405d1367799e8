/**
 * beancount.plugins.sellgains: in a transaction whose postings at cost all have a price (a sale),
 * the price total of those postings must equal the proceeds: the weights of the other postings on
 * Assets, Liabilities, Equity and Expenses accounts (Income, the gains, is left out), per
 * currency, within twice the transaction's inferred tolerance.
 */
import { Dec } from '../../decimal';
import type { WalkOutput } from '../booking/walk';
import type { LedgerError } from '../errors';
import type { LedgerOptions } from '../snapshot';
import { inferTolerances } from '../booking/tolerance';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';
import { isOfType } from './util';

const TWO = Dec.of(2);

/** An inventory of plain amounts, printed as Beancount prints one: `(a USD, b EUR)`. */
class Sums {
  readonly map = new Map<string, Dec>();
  add(currency: string, n: Dec) {
    const prev = this.map.get(currency);
    const v = prev ? prev.plus(n) : n;
    if (v.isZero()) this.map.delete(currency);
    else this.map.set(currency, v);
  }
  toString() {
    return '(' + [...this.map].map(([c, n]) => `${n} ${c}`).join(', ') + ')';
  }
}

export function checkSellGains(booked: WalkOutput, options: LedgerOptions, errors: LedgerError[]): void {
  for (const e of booked.entries) {
    const t = e.txn;
    const d = e.directive;
    if (!t || d.type !== 'transaction') continue;
    const atCost = t.postings.filter((p) => p.cost !== null);
    if (atCost.length === 0 || !atCost.every((p) => p.price !== null)) continue;
    const price = new Sums();
    const proceeds = new Sums();
    for (const p of t.postings) {
      if (p.cost) price.add(p.price!.currency, p.price!.number.times(p.units.number.neg()));
      else if (!isOfType(options, p.account, 'income')) proceeds.add(p.weight.currency, p.weight.number);
    }
    const tolerances = inferTolerances(d.postings, options);
    const left = new Map(proceeds.map);
    let invalid = false;
    for (const [currency, n] of price.map) {
      const tol = tolerances.get(currency).times(TWO);
      const got = left.get(currency) ?? Dec.ZERO;
      left.delete(currency);
      if (n.minus(got).abs().cmp(tol) > 0) {
        invalid = true;
        break;
      }
    }
    if (invalid || left.size > 0) errors.push(PluginErrors.sellGains({ src: t.src, date: t.date }, price.toString(), proceeds.toString()));
  }
}

export const sellgainsPlugin: PluginDef = {
  module: 'beancount.plugins.sellgains',
  config: 'none',
  description: 'checks that sales at a price have proceeds matching the price total (Income postings aside)',
  validate: (booked, _c, run) => checkSellGains(booked, run.options, run.errors),
};
