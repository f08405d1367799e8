/**
 * beancount.plugins.onecommodity: each account holds units of a single currency (and costs in a
 * single currency). Skipped: accounts whose open has `onecommodity: FALSE` or more than one
 * currency constraint, and, with a config (a regular expression matched at the start of the
 * name), accounts that do not match it. The error stands on the last directive that touched the
 * account after it had two currencies, as in Beancount. Currencies are listed sorted (Beancount
 * prints a set, in no fixed order). Beancount crashes on the cost-currency case (an unfilled map);
 * here it is reported like the units case.
 */
import type { SourceRef } from '../ast';
import type { WalkOutput } from '../booking/walk';
import type { LedgerError } from '../errors';
import { PluginErrors } from './errors';
import { ConfigError, type PluginDef } from './types';
import { metaGet, metaTruthy } from './util';

export function checkOneCommodity(booked: WalkOutput, accounts: RegExp | null, errors: LedgerError[]): void {
  const skip = new Set<string>();
  for (const e of booked.entries) {
    const d = e.directive;
    if (d.type !== 'open') continue;
    const flag = metaGet(d.meta, 'onecommodity');
    if ((flag && !metaTruthy(flag)) || (accounts && !accounts.test(d.account)) || d.currencies.length > 1) skip.add(d.account);
  }
  const units = new Map<string, Set<string>>();
  const costs = new Map<string, Set<string>>();
  const where = new Map<string, { src: SourceRef; date: number }>();
  const add = (map: Map<string, Set<string>>, account: string, currency: string, site: { src: SourceRef; date: number }) => {
    let s = map.get(account);
    if (!s) map.set(account, (s = new Set()));
    s.add(currency);
    if (s.size > 1) where.set(account, site);
  };
  for (const e of booked.entries) {
    const d = e.directive;
    if (e.txn) {
      const site = { src: e.txn.src ?? d.src, date: d.date };
      for (const p of e.txn.postings) {
        if (skip.has(p.account)) continue;
        add(units, p.account, p.units.currency, site);
        if (p.cost) add(costs, p.account, p.cost.currency, site);
      }
    } else if (d.type === 'balance' && !skip.has(d.account)) add(units, d.account, d.amount.currency, { src: d.src, date: d.date });
  }
  for (const [map, cost] of [
    [units, false],
    [costs, true],
  ] as const) {
    for (const [account, currencies] of map) {
      if (currencies.size > 1) errors.push(PluginErrors.moreThanOneCurrency(where.get(account)!, account, [...currencies].sort(), cost));
    }
  }
}

export const onecommodityPlugin: PluginDef<RegExp | null> = {
  module: 'beancount.plugins.onecommodity',
  config: 'optional: a regular expression; only accounts whose names match it (from the start) are checked',
  description: 'reports accounts holding more than one currency (or costs in more than one currency)',
  parseConfig: (raw) => {
    if (!raw) return null;
    try {
      return new RegExp('^(?:' + raw + ')', 'u');
    } catch (e) {
      throw new ConfigError(`invalid regular expression ${JSON.stringify(raw)}: ${(e as Error).message}`);
    }
  },
  validate: (booked, re, run) => checkOneCommodity(booked, re, run.errors),
};
