/**
 * beancount.plugins.check_commodity: every currency used (open constraints, units, costs, prices,
 * balance assertions, price directives) needs a commodity directive. Beancount reports these at
 * no position ("<check_commodity>:0"); here each error stands on the first directive using the
 * currency, which is where the user will look.
 */
import type { SourceRef } from '../ast';
import type { WalkOutput } from '../booking/walk';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';

export function checkCommodity(booked: WalkOutput, errors: import('../errors').LedgerError[]): void {
  const declared = new Set<string>();
  for (const e of booked.entries) if (e.directive.type === 'commodity') declared.add(e.directive.currency);
  const firstUse = new Map<string, { src: SourceRef; date: number }>();
  const use = (c: string, src: SourceRef, date: number) => {
    if (!declared.has(c) && !firstUse.has(c)) firstUse.set(c, { src, date });
  };
  for (const e of booked.entries) {
    const d = e.directive;
    if (d.type === 'open') for (const c of d.currencies) use(c, d.src, d.date);
    else if (e.txn) {
      for (const p of e.txn.postings) {
        use(p.units.currency, e.txn.src ?? d.src, d.date);
        if (p.cost) use(p.cost.currency, e.txn.src ?? d.src, d.date);
        if (p.price) use(p.price.currency, e.txn.src ?? d.src, d.date);
      }
    } else if (d.type === 'balance') use(d.amount.currency, d.src, d.date);
    else if (d.type === 'price') {
      use(d.currency, d.src, d.date);
      use(d.amount.currency, d.src, d.date);
    }
  }
  for (const [c, site] of firstUse) errors.push(PluginErrors.missingCommodity(site, c));
}

export const checkCommodityPlugin: PluginDef = {
  module: 'beancount.plugins.check_commodity',
  config: 'none',
  description: 'reports every currency used without a commodity directive',
  validate: (booked, _c, run) => checkCommodity(booked, run.errors),
};
