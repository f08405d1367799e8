/**
 * beancount.plugins.fill_account: a transaction with a single posting gets a second posting on the
 * configured account, balancing it (the negated units, or the negated cost for a posting at cost).
 */
import type { DirectiveAst, PostingAst } from '../ast';
import { ConfigError, type PluginDef } from './types';
import { isValidAccount } from './util';

export const fillAccountPlugin: PluginDef<string> = {
  module: 'beancount.plugins.fill_account',
  config: 'an account name',
  description: 'adds a balancing posting on the given account to transactions with a single posting',
  parseConfig: (raw) => {
    const name = (raw ?? '').trim();
    if (!isValidAccount(name)) throw new ConfigError(`invalid account name '${raw ?? ''}'`);
    return name;
  },
  transform: (directives, account) =>
    directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction' || d.postings.length !== 1) return d;
      const p = d.postings[0];
      if (p.number === null || p.currency === null) return d;
      let number = p.number;
      let currency = p.currency;
      if (p.cost && p.cost.currency) {
        if (p.cost.isTotal && p.cost.total) number = p.number.isNeg() ? p.cost.total.neg() : p.cost.total;
        else if (p.cost.perUnit) number = p.number.times(p.cost.perUnit);
        else return d;
        currency = p.cost.currency;
      }
      if (number.isZero()) return d;
      const fill: PostingAst = { flag: null, account, number: number.neg(), currency, cost: null, price: null, meta: [], src: p.src };
      return { ...d, postings: [p, fill] };
    }),
};
