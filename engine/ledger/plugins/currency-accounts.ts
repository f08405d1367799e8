/**
 * beancount.plugins.currency_accounts: a transaction converting between currencies with a price
 * gets, per currency group (units currency; cost currency for postings at cost), a posting on
 * `<base>:<CURRENCY>` (config, default Equity:CurrencyAccounts) that balances the group, and its
 * prices are removed; metadata `currency_accounts_processed: TRUE` marks it. The accounts are
 * opened on the ledger's first date (as Beancount does, even when the ledger opens them too).
 * Works on booked postings (a first booking), written back with their lots' costs spelled out.
 */
import { Dec } from '../../decimal';
import type { DirectiveAst, OpenAst, PostingAst } from '../ast';
import type { Posting } from '../snapshot';
import { ConfigError, type PluginDef } from './types';
import { explicitPosting, isValidAccount, metaSet } from './util';

export const currencyAccountsPlugin: PluginDef<string> = {
  module: 'beancount.plugins.currency_accounts',
  config: 'the base account (an invalid name means Equity:CurrencyAccounts)',
  description: 'adds currency trading postings that balance each currency of a conversion separately',
  parseConfig: (raw) => {
    // Beancount's function requires the argument (without one it fails); an invalid name means the default.
    if (raw === null) throw new ConfigError('the base account is required (write "Equity:CurrencyAccounts" for the default)');
    const base = raw.trim();
    return isValidAccount(base) ? base : 'Equity:CurrencyAccounts';
  },
  transform: (directives, base, run) => {
    if (directives.length === 0 || !directives.some((d) => d.type === 'transaction' && d.postings.some((p) => p.price))) return directives;
    const booked = run.book(directives);
    const created = new Set<string>();
    const out = directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction') return d;
      const t = booked.txnOf(d);
      if (!t) return d;
      const groups = new Map<string, Posting[]>();
      let hasPrice = false;
      for (const p of t.postings) {
        const c = p.cost ? p.cost.currency : p.units.currency;
        if (p.price) hasPrice = true;
        const g = groups.get(c);
        if (g) g.push(p);
        else groups.set(c, [p]);
      }
      if (!hasPrice || groups.size < 2) return d;
      const postings: PostingAst[] = [];
      for (const [currency, ps] of groups) {
        let sum = Dec.ZERO;
        for (const p of ps) sum = sum.plus(p.cost ? p.units.number.times(p.cost.number) : p.units.number);
        for (const p of ps) postings.push({ ...explicitPosting(p, d.postings[p.index].src), price: sum.isZero() ? explicitPosting(p, d.src).price : null });
        if (sum.isZero()) continue;
        const account = `${base}:${currency}`;
        created.add(account);
        postings.push({ flag: null, account, number: sum.neg(), currency, cost: null, price: null, meta: [], src: d.src });
      }
      return { ...d, postings, meta: metaSet(d.meta, { key: 'currency_accounts_processed', kind: 'bool', text: 'TRUE' }) };
    });
    let first = directives[0].date;
    for (const d of directives) if (d.date < first) first = d.date;
    const opens = [...created]
      .sort()
      .map((account) => run.made<OpenAst>({ type: 'open', account, currencies: [], booking: null, date: first, time: null, meta: [], src: run.plugin.src }, 'currency-open:' + account));
    return [...opens, ...out];
  },
};
